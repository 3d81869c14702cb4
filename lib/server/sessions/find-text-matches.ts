import "server-only";
import { searchTerms, toPrefixTsQuery } from "@/lib/sessions/search-terms";
import { TOTAL_COUNT_CAP } from "@/lib/sessions/session-list";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";

/**
 * Beyond `maxListedMatches` matching sessions the search is left to a per-session check in
 * the list query (an object so that tests can run both paths). Each listed match costs a
 * read of its session's row (the search document is stored there), so it stays small; at or
 * above TOTAL_COUNT_CAP, a search with more matches than it lists is known to reach the cap.
 */
export const textSearchPlan = { maxListedMatches: Math.max(2_000, TOTAL_COUNT_CAP) };

/** `many`: more than `atLeast - 1` sessions match, too many to list. */
export type TextMatches = { kind: "none" } | { kind: "listed"; sessionIds: number[] } | { kind: "many"; tsQuery: string; atLeast: number };

/** The condition on `eval_sessions <alias>` (the expression matches the GIN index on search_vector). */
export function textMatchCondition(tsQuery: string, alias: Prisma.Sql = Prisma.raw("s")): Prisma.Sql {
  return Prisma.sql`${alias}.search_vector @@ to_tsquery('simple'::regconfig, ${tsQuery})`;
}

/**
 * The same condition on `eval_sessions s`, as a probe of the session's row by id (a subquery
 * PostgreSQL cannot merge into the list query, and checks after the cheaper conditions): the
 * list then reads its sort and filter columns from covering indexes and reads a session's
 * row, whose search document is large, only for sessions that passed every other filter.
 * `ids` are the columns equal to the session's id (`s.id`, and the joined scores' session_id:
 * naming it makes the check wait until those rows are joined and filtered too).
 * Used when the search matches too many sessions to list them.
 */
export function textProbeCondition(tsQuery: string, sessionIds: readonly Prisma.Sql[] = [Prisma.sql`s.id`]): Prisma.Sql {
  const ids = sessionIds.map((id) => Prisma.sql`doc.id = ${id}`);
  // A session an import has just written may wait for its document (search_pending: a
  // background job builds it); its text is then checked directly, the same document built
  // on the fly (migration "deferred_session_search"). Other sessions skip that arm.
  const pending = Prisma.sql`(doc.search_pending AND session_search_vector(doc.id, doc.seed_prompt,
    (SELECT string_agg(t.response, ' ' ORDER BY t.ordinal) FROM turns t WHERE t.session_id = doc.id)) @@ to_tsquery('simple'::regconfig, ${tsQuery}))`;
  return Prisma.sql`(SELECT ${textMatchCondition(tsQuery, Prisma.raw("doc"))} OR ${pending} FROM eval_sessions doc WHERE ${Prisma.join(ids, " AND ")})`;
}

/**
 * The sessions whose text (seed prompt and responses together, one document per session)
 * contains every word of the search, each as a word or the start of one.
 * PostgreSQL cannot estimate how many rows a prefix query matches, and guessing too many
 * makes it walk every session; so a search matching up to `maxListedMatches` sessions is run
 * on its own first and handed over as a list of ids, whose length the planner knows.
 */
export async function findTextMatches(text: string | undefined): Promise<TextMatches> {
  const tsQuery = text === undefined ? null : toPrefixTsQuery(searchTerms(text));
  if (tsQuery === null) return { kind: "none" };
  // Sessions an import has just written may wait for their document (search_pending, a
  // background job builds it): their text is checked directly, so they are found meanwhile.
  const rows = await getDb().$queryRaw<Array<{ id: number; pending: boolean }>>`
    (SELECT s.id, false AS pending FROM eval_sessions s WHERE ${textMatchCondition(tsQuery)} LIMIT ${textSearchPlan.maxListedMatches + 1}::int)
    UNION ALL SELECT p.id, true FROM pending_session_search_matches(to_tsquery('simple'::regconfig, ${tsQuery})) AS p(id)`;
  const indexed = rows.filter((row) => !row.pending).map((row) => row.id);
  // Beyond the list, textProbeCondition checks pending sessions itself.
  if (indexed.length > textSearchPlan.maxListedMatches) return { kind: "many", tsQuery, atLeast: indexed.length };
  return { kind: "listed", sessionIds: [...new Set([...indexed, ...rows.filter((row) => row.pending).map((row) => row.id)])] };
}
