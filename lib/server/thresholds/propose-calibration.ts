import "server-only";
import { proposeCutoffs, type CalibrationPair, type CutoffProposal } from "@/lib/calibration/propose-cutoffs";
import { scorerFor } from "@/lib/thresholds/overall-from-components";
import { findSeedJudgeId } from "./find-seed-judge-id";
import { findThresholdVersion } from "./find-threshold-version";
import { loadHumanLevels } from "./load-human-levels";
import { readScoresOfTurns } from "./read-score-batches";
import { scorePool } from "./score-pool";

export type CalibrationResult =
  | { status: "proposal"; base: { id: number; version: number }; proposal: CutoffProposal; note: string }
  | { status: "refused"; base: { id: number; version: number }; reason: string; n: number };

function fixed(value: number | null): string {
  return value === null ? "n/a" : value.toFixed(2);
}

/**
 * The calibration assistant (SPEC §6): the cut-offs that maximise quadratic-weighted κ
 * between the judge's level and the human level, over the rated turns scored under the
 * active version's weights, with a k-fold cross-validated κ beside the in-sample one, and a
 * note ready for the version it would become. Refuses, with the reason, below the minimum.
 */
export async function proposeCalibration(options: { folds?: number; seed?: number } = {}): Promise<CalibrationResult> {
  const [active, seedJudgeId, humans] = await Promise.all([findThresholdVersion("active"), findSeedJudgeId(), loadHumanLevels()]);
  const base = { id: active.id, version: active.version };
  const rows = seedJudgeId === null ? [] : await readScoresOfTurns(scorePool(), seedJudgeId, [...humans.keys()]);
  const score = scorerFor(active.weights);
  const pairs: CalibrationPair[] = rows.map((row) => ({ score: score(row), level: humans.get(row.turnId)! }));
  const result = proposeCutoffs(pairs, { current: active.cutoffs, folds: options.folds, seed: options.seed });
  if ("refused" in result) return { status: "refused", base, reason: result.refused, n: pairs.length };
  const note = `Calibrated: maximises quadratic κ (in-sample ${fixed(result.kappaInSample)}, ${result.folds}-fold ${fixed(result.kappaCrossValidated)}, n = ${result.n})`;
  return { status: "proposal", base, proposal: result, note };
}
