import Link from "next/link";
import type { TurnPage } from "@/lib/sessions/session-detail";
import { sessionPath } from "@/lib/sessions/session-path";
import styles from "./turn-timeline.module.css";

type TurnPagerProps = { turnPage: TurnPage; sessionKey: string; judgeId?: number };

/** Which turns the page shows, and links to the first, previous, next and last pages of turns. */
export function TurnPager({ turnPage, sessionKey, judgeId }: TurnPagerProps) {
  const { page, pageSize, total } = turnPage;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (lastPage === 1 && page === 1) return null;
  const href = (target: number) => {
    const search = new URLSearchParams();
    if (judgeId !== undefined) search.set("judge", String(judgeId));
    if (target > 1) search.set("page", String(target));
    return `${sessionPath(sessionKey, search)}#session-turns`;
  };
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const links: Array<[string, number, boolean]> = [
    ["First", 1, page > 1],
    ["Previous", Math.min(page - 1, lastPage), page > 1],
    ["Next", page + 1, page < lastPage],
    ["Last", lastPage, page < lastPage],
  ];
  return (
    <nav className={styles.pager} aria-label="Pages of turns">
      <p>
        {first <= total ? `Turns ${first}–${last} of ${total} (page ${page} of ${lastPage})` : `Page ${page} is past the last page of turns (${lastPage}).`}
      </p>
      <ul>
        {links.map(([label, target, isEnabled]) => (
          <li key={label}>{isEnabled ? <Link href={href(target)}>{label}</Link> : <span aria-disabled="true">{label}</span>}</li>
        ))}
      </ul>
    </nav>
  );
}
