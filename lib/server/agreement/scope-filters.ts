import "server-only";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";

const DAY_MS = 86_400_000;

/** The turn's time the date range applies to: its log timestamp, else its session's. */
export const TURN_TIME_SQL = "COALESCE(t.occurred_at, s.started_at, s.created_at)";

/** Where a query finds the turn's persona, time and import. */
export type ScopeColumns = { persona: string; time: string; importId: string };

const TURN_COLUMNS: ScopeColumns = { persona: "t.persona_id", time: TURN_TIME_SQL, importId: "s.import_id" };

/**
 * SQL conditions for a scope on a query that has `t` (turns) and `s` (eval_sessions), or
 * other `columns`, and the criterion expression when it has one; parameters are numbered
 * after `firstParam − 1` earlier ones. Returns "" or "AND …".
 */
export function scopeFilters(
  scope: ResolvedScope,
  options: { firstParam: number; criterionSql: string | null; columns?: ScopeColumns },
): { sql: string; values: unknown[] } {
  const columns = options.columns ?? TURN_COLUMNS;
  const clauses: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown, cast = "") => {
    values.push(value);
    return `$${options.firstParam + values.length - 1}${cast}`;
  };
  if (scope.persona !== null) clauses.push(`${columns.persona} = ${param(scope.persona)}`);
  if (scope.criterion !== null && options.criterionSql) clauses.push(`${options.criterionSql} = ${param(scope.criterion)}`);
  if (scope.from !== null) clauses.push(`${columns.time} >= ${param(`${scope.from}T00:00:00Z`, "::timestamptz")}`);
  if (scope.to !== null) {
    const end = new Date(Date.parse(`${scope.to}T00:00:00Z`) + DAY_MS).toISOString();
    clauses.push(`${columns.time} < ${param(end, "::timestamptz")}`);
  }
  if (scope.importId !== null) clauses.push(`${columns.importId} = ${param(scope.importId, "::int")}`);
  return { sql: clauses.length > 0 ? `AND ${clauses.join(" AND ")}` : "", values };
}
