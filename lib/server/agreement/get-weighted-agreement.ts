import "server-only";
import { dataScopeKey } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { weightedAgreement, type WeightedAgreement, type WeightedUnit } from "@/lib/agreement/weighted-agreement";
import { getDb } from "../db";
import { findUnlabeledLevels } from "../verdict/find-unlabeled-levels";
import { computeAgreement } from "./compute-agreement";
import { unlabeledCache } from "./report-cache";

/**
 * The report's weighted section for a scope: the report's rated units (human level, judge
 * level under the scope's cut-offs), each turn's first queue rating's inclusion probability
 * and escalation flag, and the unrated turns' judge levels (one grouped count, cached as the
 * trust report caches it). Figures in lib/agreement/weighted-agreement.ts.
 */
export async function getWeightedAgreement(input: Scope): Promise<WeightedAgreement> {
  const { pairs, report } = await computeAgreement(input);
  const { scope, dataVersion } = report;
  const { cutoffs } = scope.thresholds;
  const turnIds = Array.from(pairs.units.turnId);
  const unlabeledKey = `${dataVersion}|${dataScopeKey(scope)}|${cutoffs.fair}|${cutoffs.good}|${cutoffs.excellent}`;
  let unlabeled = unlabeledCache.get(unlabeledKey);
  const [served, levels] = await Promise.all([
    getDb().$queryRaw<{ turn_id: number; inclusion_probability: number | null; is_escalated: boolean; day: number }[]>`
      SELECT DISTINCT ON (turn_id) turn_id, inclusion_probability, is_escalated,
        floor(extract(epoch FROM created_at) / 86400)::int AS day
      FROM ratings
      WHERE turn_id = ANY(${turnIds}::int[]) AND criterion = 'overall' AND source = 'queue' AND rater_id IS NOT NULL
      ORDER BY turn_id, created_at, id`,
    unlabeled ? Promise.resolve(unlabeled) : findUnlabeledLevels(scope, cutoffs),
  ]);
  if (!unlabeled) unlabeledCache.set(unlabeledKey, (unlabeled = levels));
  const byTurn = new Map(served.map((row) => [row.turn_id, row]));
  const units: WeightedUnit[] = [];
  for (let u = 0; u < pairs.n; u++) {
    // One unit per turn: its overall rating is what the queue served it for.
    if (pairs.units.ratingCriterion[u] !== "overall") continue;
    const row = byTurn.get(pairs.units.turnId[u]);
    units.push({
      human: pairs.human[u],
      judge: pairs.judgeLevel[u],
      probability: row?.inclusion_probability ?? null,
      isEscalated: row?.is_escalated ?? false,
      ratedDay: row?.day ?? null,
    });
  }
  return weightedAgreement(units, unlabeled);
}
