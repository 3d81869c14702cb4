import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "Settings" };

const SECTIONS = [
  { href: "/settings/thresholds", title: "Thresholds and weights", text: "Edit the quality cut-offs and persona weights, preview their effect on agreement, and calibrate." },
  { href: "/settings/verdict", title: "Verdict bars", text: "What the judge must reach to pass on the agreement report, and how the test of replacing a rater is set per criterion." },
  { href: "/settings/rubric", title: "Rubric", text: "The criteria and level descriptions raters see, versioned; add criteria such as completeness 1–5." },
  { href: "/settings/judges", title: "LLM judges", text: "OpenAI-compatible endpoints, scoring and pairwise runs with progress, rubric generation." },
  { href: "/settings/users", title: "Users", text: "Invite people, give them a role (admin, rater, viewer), reset passwords, deactivate accounts." },
  { href: "/settings/api-keys", title: "API keys", text: "Keys for scripts: ingest to push sessions, read to pull figures. Shown once, stored hashed." },
];

export default async function SettingsPage() {
  await requireUser(ACCESS.administer);
  return (
    <>
      <PageHeader title="Settings" description="Quality thresholds, persona weights, users and API keys." />
      <ul className="card-grid">
        {SECTIONS.map((section) => (
          <li key={section.href} className="card">
            <h2>
              <Link href={section.href}>{section.title}</Link>
            </h2>
            <p>{section.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
