import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { AppHeader } from "@/components/ui/app-header";
import "./globals.css";
import "./fonts/hangul.css";

export const metadata: Metadata = {
  title: { default: "Concord", template: "%s · Concord" },
  description: "LLM-judge calibration and human agreement",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so that its scripts carry that response's CSP
  // nonce (proxy.ts); a page prerendered at build time would have scripts without one.
  await connection();
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <AppHeader />
        <Providers>
          <main id="main" className="page">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
