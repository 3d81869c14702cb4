import Link from "next/link";
import styles from "./judges-tabs.module.css";

const TABS = [
  { href: "/settings/judges", label: "Endpoints" },
  { href: "/settings/judges/runs", label: "Runs" },
  { href: "/settings/judges/rubric", label: "Rubric generation" },
  { href: "/settings/judges/panels", label: "Panels" },
  { href: "/settings/judges/calibrated", label: "Calibrated" },
  { href: "/settings/judges/cascades", label: "Cascades" },
] as const;

/** The pages of the judges' settings. */
export function JudgesTabs({ current }: { current: (typeof TABS)[number]["href"] }) {
  return (
    <nav aria-label="LLM judge settings" className={styles.tabs}>
      {TABS.map((tab) => (
        <Link key={tab.href} href={tab.href} className={styles.tab} aria-current={tab.href === current ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
