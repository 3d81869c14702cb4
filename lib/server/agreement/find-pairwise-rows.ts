import "server-only";
import type { PairwiseRows } from "@/lib/agreement/agreement-data";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { getDb } from "@/lib/server/db";
import { scopeFilters } from "./scope-filters";

/**
 * The scope's judge's pairwise comparisons that carry a human verdict. Persona, dates and
 * import apply to the comparison's first turn (turn A); a comparison has no criterion.
 */
export async function findPairwiseRows(scope: ResolvedScope): Promise<PairwiseRows> {
  if (scope.judge === null) return { pass1: [], pass2: [], winner: [], human: [], confidence: [] };
  const { sql, values } = scopeFilters(scope, { firstParam: 2, criterionSql: null });
  const rows = await getDb().$queryRawUnsafe<{ data: string }[]>(
    `SELECT json_build_object(
       'pass1', COALESCE(json_agg(p.pass1_winner ORDER BY p.id), '[]'), 'pass2', COALESCE(json_agg(p.pass2_winner ORDER BY p.id), '[]'),
       'winner', COALESCE(json_agg(p.winner ORDER BY p.id), '[]'), 'human', COALESCE(json_agg(p.human_winner ORDER BY p.id), '[]'),
       'confidence', COALESCE(json_agg(COALESCE(p.confidence, (p.pass1_confidence + p.pass2_confidence) / 2) ORDER BY p.id), '[]'))::text AS data
     FROM pairwise_comparisons p
     JOIN turns t ON t.id = p.turn_a_id
     JOIN eval_sessions s ON s.id = t.session_id
     WHERE p.judge_id = $1 AND p.human_winner IS NOT NULL ${sql}`,
    scope.judge.id,
    ...values,
  );
  return JSON.parse(rows[0].data) as PairwiseRows;
}
