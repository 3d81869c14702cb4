import "server-only";
import type { ListFilters } from "@/lib/sessions/list-query.schema";
import { Prisma } from "@/prisma/generated/client";
import { textSearchSources, type TextMatches } from "./find-text-matches";

/**
 * The WHERE conditions on `eval_sessions s` for the filters that do not need scores: start
 * date, persona present, judge, human ratings, and the text search's matches (found first,
 * see findTextMatches). Each is an index probe or a semi-join (see
 * prisma/migrations/20261122040000_sessions_browse for the indexes).
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
  if (filters.persona !== undefined) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM turns t WHERE t.session_id = s.id AND t.persona_id = ${filters.persona})`);
  }
  if (filters.judge !== undefined) {
    conditions.push(Prisma.sql`EXISTS (
      SELECT 1 FROM turns t JOIN judge_scores js ON js.turn_id = t.id
      WHERE t.session_id = s.id AND js.judge_id = ${filters.judge}::int)`);
  }
  if (filters.rated !== undefined) {
    const exists = Prisma.sql`EXISTS (SELECT 1 FROM turns t JOIN ratings r ON r.turn_id = t.id WHERE t.session_id = s.id)`;
    conditions.push(filters.rated === "yes" ? exists : Prisma.sql`NOT ${exists}`);
  }
  if (text.kind === "listed") conditions.push(Prisma.sql`s.id = ANY(${text.sessionIds}::int[])`);
  if (text.kind === "many") conditions.push(Prisma.sql`s.id IN (${textSearchSources(text.tsQuery)})`);
  return conditions;
}

export function whereClause(conditions: readonly Prisma.Sql[]): Prisma.Sql {
  return conditions.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
}
