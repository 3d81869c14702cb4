import "server-only";
import { TOTAL_COUNT_CAP } from "@/lib/sessions/session-list";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { whereClause } from "./build-session-filters";

/**
 * `textCandidates`, when a text search is checked per session: how many sessions pass the
 * other conditions, counted up to `listCount.candidatesMax` (one more: more than that).
 */
export type SessionCount = { total: number; isTotalCapped: boolean; textCandidates?: number };

/**
 * Sessions a text search with too many matches to list (see findTextMatches) is checked on,
 * at most, when it is combined with other filters: each check reads the session's row,
 * whose search document is large. When the checks run out before the cap is reached, the
 * count is a lower bound (isTotalCapped: "at least").
 */
export const listCount = { textCheckBudget: 1_000, candidatesMax: 20_000 };

/**
 * How many sessions of `from` (FROM … on `eval_sessions s`) pass `conditions` and, when
 * given, the text search checked per session (`text.probe`; `text.atLeast`: how many
 * sessions the search alone is known to match), counting no further than TOTAL_COUNT_CAP.
 * Without a text check, the conditions read covering indexes only (see migration
 * "sessions_list_covering_indexes"), so counting to the cap is cheap. A text check alone
 * known to pass the cap is not counted; otherwise it is made on at most
 * `listCount.textCheckBudget` sessions that pass the other conditions.
 */
export async function findSessionCount(
  from: Prisma.Sql,
  conditions: readonly Prisma.Sql[],
  text: { probe: Prisma.Sql; atLeast: number } | null,
): Promise<SessionCount> {
  const db = getDb();
  if (text === null) {
    const [{ n }] = await db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM (SELECT 1 ${from} ${whereClause(conditions)} LIMIT ${TOTAL_COUNT_CAP + 1}::int) matching`;
    return { total: Math.min(n, TOTAL_COUNT_CAP), isTotalCapped: n > TOTAL_COUNT_CAP };
  }
  if (conditions.length === 0 && text.atLeast > TOTAL_COUNT_CAP) return { total: TOTAL_COUNT_CAP, isTotalCapped: true };
  const { textCheckBudget: budget, candidatesMax } = listCount;
  const [{ n, checked, candidates }] = await db.$queryRaw<Array<{ n: number; checked: number; candidates: number }>>`
    SELECT count(*) FILTER (WHERE is_match)::int AS n, count(*)::int AS checked,
      (SELECT count(*) FROM (SELECT 1 ${from} ${whereClause(conditions)} LIMIT ${candidatesMax + 1}::int) passing)::int AS candidates
    FROM (SELECT ${text.probe} AS is_match ${from} ${whereClause(conditions)} LIMIT ${budget}::int) checked`;
  return { total: Math.min(n, TOTAL_COUNT_CAP), isTotalCapped: n > TOTAL_COUNT_CAP || checked === budget, textCandidates: candidates };
}
