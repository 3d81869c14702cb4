import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { AppHeader } from "@/components/ui/app-header";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Concord", template: "%s · Concord" },
  description: "LLM-judge calibration and human agreement",
};

export default function RootLayout({ children }: { children: ReactNode }) {
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
