"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

type Item = { readonly href: string; readonly label: string };

/** Header links; the current section is marked for sighted users and screen readers. */
export function NavLinks({ items }: { items: readonly Item[] }) {
  const pathname = usePathname();
  return (
    <ul className="nav-links">
      {items.map((item) => {
        const isCurrent = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <li key={item.href}>
            <Link href={item.href} aria-current={isCurrent ? "page" : undefined} className="nav-link">
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
