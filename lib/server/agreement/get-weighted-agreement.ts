import "server-only";
import { dataScopeKey } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { weightedAgreement, type WeightedAgreement, type WeightedUnit } from "@/lib/agreement/weighted-agreement";
import { findUnlabeledLevels } from "../verdict/find-unlabeled-levels";
import { computeAgreement } from "./compute-agreement";
import { findInclusionProbabilities } from "./find-inclusion-probabilities";
import { unlabeledCache } from "./report-cache";

/**
 * The report's weighted section for a scope: the report's rated units (human level, judge
 * level under the scope's cut-offs), each turn's first sampled queue rating's inclusion
 * probability and escalation flag, and the unrated turns' judge levels (one grouped count, cached as the
 * trust report caches it). Figures in lib/agreement/weighted-agreement.ts.
 */
export async function getWeightedAgreement(input: Scope): Promise<WeightedAgreement> {
  const { pairs, report } = await computeAgreement(input);
  const { scope, dataVersion } = report;
  const { cutoffs } = scope.thresholds;
  const turnIds = Array.from(pairs.units.turnId);
  const unlabeledKey = `${dataVersion}|${dataScopeKey(scope)}|${cutoffs.fair}|${cutoffs.good}|${cutoffs.excellent}`;
  let unlabeled = unlabeledCache.get(unlabeledKey);
  const [byTurn, levels] = await Promise.all([
    findInclusionProbabilities(turnIds),
    unlabeled ? Promise.resolve(unlabeled) : findUnlabeledLevels(scope, cutoffs),
  ]);
  if (!unlabeled) unlabeledCache.set(unlabeledKey, (unlabeled = levels));
  const units: WeightedUnit[] = [];
  for (let u = 0; u < pairs.n; u++) {
    // One unit per turn: its overall rating is what the queue served it for.
    if (pairs.units.ratingCriterion[u] !== "overall") continue;
    const row = byTurn.get(pairs.units.turnId[u]);
    units.push({
      human: pairs.human[u],
      judge: pairs.judgeLevel[u],
      probability: row?.probability ?? null,
      isEscalated: row?.isEscalated ?? false,
      ratedDay: row?.day ?? null,
    });
  }
  return weightedAgreement(units, unlabeled);
}
