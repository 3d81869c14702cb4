import type { QualityCutoffs } from "@/lib/judge";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { hasFilters, sessionsHref } from "@/lib/sessions/list-query-params";
import { DEFAULT_LIST_QUERY, type ListQuery } from "@/lib/sessions/list-query.schema";
import type { SessionListPage } from "@/lib/sessions/session-list";
import styles from "./sessions-list.module.css";
import { SessionsTable } from "./sessions-table";

type SessionsResultsProps = { result: SessionListPage; query: ListQuery; canImport: boolean; cutoffs: QualityCutoffs };

/** The count, the table and the pages; or why there is nothing to show. */
export function SessionsResults({ result, query, canImport, cutoffs }: SessionsResultsProps) {
  const { rows, total, isTotalCapped, hasNextPage, page, pageSize } = result;
  if (rows.length === 0) {
    if (total > 0 || isTotalCapped) {
      // A capped count is a lower bound: say only what is known, that the page starts past the end.
      return (
        <EmptyState title={`There is no page ${page}`} action={<Link href={sessionsHref(query, { page: 1 })}>Go to the first page</Link>}>
          <p>
            {isTotalCapped
              ? `These filters match fewer than ${((page - 1) * pageSize + 1).toLocaleString("en")} sessions.`
              : `These filters match ${total.toLocaleString("en")} sessions, on fewer pages.`}
          </p>
        </EmptyState>
      );
    }
    if (hasFilters(query)) {
      return (
        <EmptyState
          title="No sessions match these filters"
          action={<Link href={sessionsHref({ ...DEFAULT_LIST_QUERY, sort: query.sort, dir: query.dir })}>Clear the filters</Link>}
        >
          <p>Try a wider score or date range, fewer quality levels, or another search.</p>
        </EmptyState>
      );
    }
    return (
      <EmptyState title="No sessions yet" action={canImport ? <Link href="/import">Import a log</Link> : undefined}>
        <p>
          Sessions appear here once an orchestrator log or a judge-vs-human dataset is imported: on the Import page, with{" "}
          <code>npx concord import</code>, or through <code>POST /api/v1/sessions</code>.
        </p>
      </EmptyState>
    );
  }
  const first = (page - 1) * pageSize + 1;
  const last = first + rows.length - 1;
  const lastPage = isTotalCapped ? null : Math.max(1, Math.ceil(total / pageSize));
  // A capped count means "at least": at least the count, and at least every session up to this page (one more with a next page).
  const shownTotal = isTotalCapped ? Math.max(total, hasNextPage ? last + 1 : last) : total;
  return (
    <section aria-label="Results">
      <p className={styles.resultBar} role="status">
        <span>
          Showing {first.toLocaleString("en")}–{last.toLocaleString("en")} of {shownTotal.toLocaleString("en")}
          {isTotalCapped ? "+" : ""} session{shownTotal === 1 ? "" : "s"}
        </span>
      </p>
      <SessionsTable rows={rows} query={query} cutoffs={cutoffs} />
      <Pagination page={page} lastPage={lastPage} hasNextPage={hasNextPage} hrefFor={(target) => sessionsHref(query, { page: target })} label="Session pages" />
    </section>
  );
}
