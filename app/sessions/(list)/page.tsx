import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SessionsResults } from "@/components/sessions/sessions-results";
import { SessionsFilters } from "@/components/sessions/sessions-filters";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { formatScore } from "@/lib/sessions/format";
import { parseListQuery, sessionsHref, toSearchParams } from "@/lib/sessions/list-query-params";
import { requireUser } from "@/lib/server/auth/guards";
import { findSessionFilterOptions } from "@/lib/server/sessions/find-session-filter-options";
import { findSessions } from "@/lib/server/sessions/find-sessions";
import { getDisplayScoring } from "@/lib/server/thresholds/get-display-scoring";

export const metadata: Metadata = { title: "Sessions" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The URL parameters as given, in order, to compare with their canonical form. */
function givenSearch(params: SearchParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const item of [value ?? []].flat()) search.append(key, item);
  return search.toString();
}

export default async function SessionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser(ACCESS.readDashboards);
  const params = await searchParams;
  const { query, problems } = parseListQuery(params);
  // One address per view: a plain form submission (or a hand-written link) lands on the
  // canonical URL. With bad values the URL stays, so the message below can name them.
  if (problems.length === 0 && givenSearch(params) !== toSearchParams(query).toString()) redirect(sessionsHref(query));

  const [thresholds, options] = await Promise.all([getDisplayScoring(), findSessionFilterOptions()]);
  const result = await findSessions(query, thresholds.cutoffs, thresholds.judgeId);
  const { cutoffs } = thresholds;
  return (
    <>
      <PageHeader
        title="Sessions"
        description={
          <>
            Orchestrator sessions and judge-vs-human datasets. Quality levels follow thresholds version {thresholds.version}: Excellent ≥{" "}
            {formatScore(cutoffs.excellent)}, Good ≥ {formatScore(cutoffs.good)}, Fair ≥ {formatScore(cutoffs.fair)}.
          </>
        }
      />
      {problems.length > 0 ? (
        <Alert tone="warning">
          Some of this address&apos;s filters were not understood and are left out: {problems.map((problem) => problem.message).join("; ")}.{" "}
          <a href={sessionsHref(query)}>Show the link without them</a>.
        </Alert>
      ) : null}
      <SessionsFilters query={query} judges={options.judges} personaIds={options.personaIds} />
      <SessionsResults result={result} query={query} canImport={user.role === "admin"} cutoffs={cutoffs} />
    </>
  );
}
