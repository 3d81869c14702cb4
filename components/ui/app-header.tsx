import Link from "next/link";
import { signOutAction } from "@/app/sign-in/actions";
import { PAGE_ACCESS, ROLE_LABELS, isAllowed } from "@/lib/auth/access";
import { getCurrentUser } from "@/lib/server/auth/guards";
import { NavLinks } from "./nav-links";

export const NAV_ITEMS = [
  { href: "/sessions", label: "Sessions" },
  { href: "/queue", label: "Queue" },
  { href: "/agreement", label: "Agreement" },
  { href: "/settings", label: "Settings" },
  { href: "/import", label: "Import" },
] as const;

function canOpen(role: Parameters<typeof isAllowed>[0], href: string): boolean {
  const rule = PAGE_ACCESS.find((entry) => href.startsWith(entry.prefix));
  return rule ? isAllowed(role, rule.roles) : true;
}

/** The header: the sections this user may open, who is signed in, and sign-out. */
export async function AppHeader() {
  const user = await getCurrentUser();
  const items = user ? NAV_ITEMS.filter((item) => canOpen(user.role, item.href)) : [];
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link href="/" className="brand" aria-label="Concord home">
          <span className="brand-mark" aria-hidden="true">
            ◎
          </span>
          Concord
        </Link>
        {user ? (
          <nav aria-label="Main">
            <NavLinks items={items} />
          </nav>
        ) : null}
        <div className="user-menu">
          {user ? (
            <>
              <Link href="/account/password" className="user-name" title={user.email}>
                {user.name} <span className="badge badge-neutral">{ROLE_LABELS[user.role]}</span>
              </Link>
              <form action={signOutAction}>
                <button type="submit" className="button button-secondary button-small">
                  Sign out
                </button>
              </form>
            </>
          ) : (
            <Link href="/sign-in">Sign in</Link>
          )}
        </div>
      </div>
    </header>
  );
}
