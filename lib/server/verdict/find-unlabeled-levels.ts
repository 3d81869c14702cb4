import "server-only";
import type { Cutoffs } from "@/lib/agreement/agreement-data";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { getDb } from "@/lib/server/db";
import { scopeFilters } from "@/lib/server/agreement/scope-filters";

const RATED = `r.level IS NOT NULL AND (r.rater_id IS NOT NULL OR r.annotator IS NOT NULL)`;

/**
 * How many turns in scope the judge scored but no human rated, per judge level (index 0 =
 * level 1): the unlabeled side of the corrected quality estimate. Counted in SQL, so a
 * million scored turns come back as four numbers. With a criterion in scope, a turn counts
 * when it has no rating on that criterion (a generic dataset's turn only for its own
 * dimension); without one, when it has no rating at all.
 */
export async function findUnlabeledLevels(scope: ResolvedScope, cutoffs: Cutoffs): Promise<number[]> {
  if (scope.judge === null) return [0, 0, 0, 0];
  const { sql, values } = scopeFilters(scope, { firstParam: 5, criterionSql: null });
  const criterion = scope.criterion;
  const param = `$${5 + values.length}`;
  // A generic dataset's turn belongs to its own dimension only; its "overall" ratings are
  // ratings of that dimension (as the report's units read them).
  const turnClause = criterion === null ? "" : `AND (t.dimension IS NULL OR t.dimension = ${param})`;
  const ratingClause = criterion === null ? "" : `AND COALESCE(CASE WHEN r.criterion = 'overall' THEN t.dimension END, r.criterion) = ${param}`;
  const rows = await getDb().$queryRawUnsafe<{ level: number; count: number }[]>(
    `SELECT level, count(*)::int AS count FROM (
       SELECT CASE WHEN js.overall_score >= $2 THEN 4 WHEN js.overall_score >= $3 THEN 3 WHEN js.overall_score >= $4 THEN 2 ELSE 1 END AS level
       FROM judge_scores js
       JOIN turns t ON t.id = js.turn_id
       JOIN eval_sessions s ON s.id = t.session_id
       WHERE js.judge_id = $1 ${sql} ${turnClause}
         AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.turn_id = js.turn_id AND ${RATED} ${ratingClause})
     ) leveled GROUP BY level`,
    scope.judge.id,
    cutoffs.excellent,
    cutoffs.good,
    cutoffs.fair,
    ...values,
    ...(criterion === null ? [] : [criterion]),
  );
  const counts = [0, 0, 0, 0];
  for (const row of rows) counts[row.level - 1] = row.count;
  return counts;
}
