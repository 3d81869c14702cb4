import Link from "next/link";
import { NavLinks } from "./nav-links";

export const NAV_ITEMS = [
  { href: "/sessions", label: "Sessions" },
  { href: "/queue", label: "Queue" },
  { href: "/agreement", label: "Agreement" },
  { href: "/settings", label: "Settings" },
  { href: "/import", label: "Import" },
] as const;

export function AppHeader() {
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link href="/" className="brand" aria-label="Concord home">
          <span className="brand-mark" aria-hidden="true">
            ◎
          </span>
          Concord
        </Link>
        <nav aria-label="Main">
          <NavLinks items={NAV_ITEMS} />
        </nav>
      </div>
    </header>
  );
}
