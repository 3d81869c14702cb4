import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./button-link.module.css";

/** A link that looks like a (secondary) button, e.g. in a page header's actions. */
export function ButtonLink({ href, children, variant = "secondary" }: { href: string; children: ReactNode; variant?: "primary" | "secondary" }) {
  return (
    <Link href={href} className={`button button-${variant} ${styles.link}`}>
      {children}
    </Link>
  );
}

/** Several header actions side by side. */
export function ButtonGroup({ children }: { children: ReactNode }) {
  return <div className={styles.group}>{children}</div>;
}
