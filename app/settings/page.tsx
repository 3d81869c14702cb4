import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Quality thresholds, persona weights, users and API keys." />
      <ul className="card-grid">
        <li className="card">
          <h2>
            <Link href="/settings/thresholds">Thresholds and weights</Link>
          </h2>
          <p>Edit the quality cut-offs and persona weights, preview their effect on agreement, and calibrate.</p>
        </li>
      </ul>
    </>
  );
}
