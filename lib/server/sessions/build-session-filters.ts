import "server-only";
import type { ListFilters } from "@/lib/sessions/list-query.schema";
import { Prisma } from "@/prisma/generated/client";
import type { TextMatches } from "./find-text-matches";

/**
 * The WHERE conditions on `eval_sessions s` for the filters that do not need scores: start
 * date, persona present, judge, human ratings, and the text search's matches when they were
 * listed (found first, see findTextMatches; a search with more matches is checked per
 * session, see textProbeCondition). Each reads a covering index entry of the session or one
 * index probe, never the session's row (see prisma/migrations/20261122052527_session_aggregates
 * for the stored columns, and migration "sessions_list_covering_indexes").
 */
export function buildSessionFilters(filters: ListFilters, text: TextMatches): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filters.from !== undefined) {
    conditions.push(Prisma.sql`COALESCE(s.started_at, s.created_at) >= ${`${filters.from}T00:00:00Z`}::timestamptz`);
  }
  if (filters.to !== undefined) {
    // The whole of the `to` day (UTC) is included.
    conditions.push(Prisma.sql`COALESCE(s.started_at, s.created_at) < ${`${filters.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  }
  if (filters.persona !== undefined) conditions.push(Prisma.sql`s.persona_ids @> ARRAY[${filters.persona}]::text[]`);
  if (filters.judge !== undefined) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM session_scores j WHERE j.session_id = s.id AND j.judge_id = ${filters.judge}::int)`);
  }
  if (filters.rated !== undefined) conditions.push(filters.rated === "yes" ? Prisma.sql`s.rated_turn_count > 0` : Prisma.sql`s.rated_turn_count = 0`);
  if (text.kind === "listed") conditions.push(Prisma.sql`s.id = ANY(${text.sessionIds}::int[])`);
  return conditions;
}

export function whereClause(conditions: readonly Prisma.Sql[]): Prisma.Sql {
  return conditions.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
}
