import "server-only";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";

const DAY_MS = 86_400_000;

/** The turn's time the date range applies to: its log timestamp, else its session's. */
export const TURN_TIME_SQL = "COALESCE(t.occurred_at, s.started_at, s.created_at)";

/**
 * SQL conditions for a scope on a query that has `t` (turns) and `s` (eval_sessions), and
 * the criterion expression when it has one; parameters are numbered after `firstParam − 1`
 * earlier ones. Returns "" or "AND …".
 */
export function scopeFilters(
  scope: ResolvedScope,
  options: { firstParam: number; criterionSql: string | null },
): { sql: string; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown, cast = "") => {
    values.push(value);
    return `$${options.firstParam + values.length - 1}${cast}`;
  };
  if (scope.persona !== null) clauses.push(`t.persona_id = ${param(scope.persona)}`);
  if (scope.criterion !== null && options.criterionSql) clauses.push(`${options.criterionSql} = ${param(scope.criterion)}`);
  if (scope.from !== null) clauses.push(`${TURN_TIME_SQL} >= ${param(`${scope.from}T00:00:00Z`, "::timestamptz")}`);
  if (scope.to !== null) {
    const end = new Date(Date.parse(`${scope.to}T00:00:00Z`) + DAY_MS).toISOString();
    clauses.push(`${TURN_TIME_SQL} < ${param(end, "::timestamptz")}`);
  }
  if (scope.importId !== null) clauses.push(`s.import_id = ${param(scope.importId, "::int")}`);
  return { sql: clauses.length > 0 ? `AND ${clauses.join(" AND ")}` : "", values };
}
