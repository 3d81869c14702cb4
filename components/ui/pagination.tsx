import Link from "next/link";
import styles from "./pagination.module.css";

type PaginationProps = {
  page: number;
  /** The last page when known; null when only "there is a next page" is known. */
  lastPage: number | null;
  hasNextPage: boolean;
  hrefFor: (page: number) => string;
  label?: string;
};

/** The pages around the current one, with the first and last, gaps shown as "…". */
export function pageWindow(page: number, lastPage: number, radius = 1): Array<number | "gap"> {
  const pages = new Set([1, lastPage]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= lastPage) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1] > 1 ? (["gap", p] as const) : [p]));
}

/** Previous / numbered / next links; every page is a plain link, so each has an address. */
export function Pagination({ page, lastPage, hasNextPage, hrefFor, label = "Pages" }: PaginationProps) {
  const last = lastPage ?? (hasNextPage ? page + 1 : page);
  if (last <= 1 && page <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={styles.step} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className={styles.step} aria-disabled="true">
          ← Previous
        </span>
      )}
      <ol className={styles.pages}>
        {pageWindow(Math.min(page, last), last).map((entry, i) =>
          entry === "gap" ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link href={hrefFor(entry)} className={styles.page} aria-current={entry === page ? "page" : undefined} aria-label={`Page ${entry}`}>
                {entry}
              </Link>
            </li>
          ),
        )}
        {lastPage === null && hasNextPage ? (
          <li className={styles.gap} aria-hidden="true">
            …
          </li>
        ) : null}
      </ol>
      {hasNextPage ? (
        <Link href={hrefFor(page + 1)} className={styles.step} rel="next">
          Next →
        </Link>
      ) : (
        <span className={styles.step} aria-disabled="true">
          Next →
        </span>
      )}
    </nav>
  );
}
