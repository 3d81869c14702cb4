import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import { fitWeightsSteps, VERDICT_TEXT, type WeightFit, type WeightFitTurn } from "@/lib/calibration/fit-weights";
import { compileWeights, overallOf } from "@/lib/thresholds/fast-overall";
import { SEED_THRESHOLDS, type Thresholds } from "@/lib/thresholds/thresholds.schema";
import { isSameWeights } from "@/lib/thresholds/weights";
import { findThresholdVersion } from "./find-threshold-version";
import { loadScoreIndex } from "./load-score-index";
import { previewThresholds } from "./preview-thresholds";

export type WeightFitReport =
  | {
      status: "proposal";
      base: { id: number; version: number };
      /** The active version's values the proposal is compared with. */
      current: Thresholds;
      fit: WeightFit;
      /** Turns and sessions of every scored turn whose level the proposal would change. */
      turnsChanging: number;
      turnsTotal: number;
      sessionsChanging: number;
      note: string;
    }
  | { status: "refused"; base: { id: number; version: number }; reason: string };

function fixed(value: number): string {
  return value.toFixed(3);
}

/**
 * Fitted persona weights (lib/calibration/fit-weights.ts) on the rated turns the heuristic
 * judge scored, against the active version, and what applying them would change over every
 * scored turn (the thresholds preview's count). The current version's score of a turn is
 * the one the preview gives it (the stored score under the seed's weights). Reports progress
 * after each weight search and gives the event loop back between them.
 */
export async function computeWeightFit(options: { seed?: number; onProgress?: (done: number, total: number) => Promise<void> | void; signal?: AbortSignal } = {}): Promise<WeightFitReport> {
  const [active, index] = await Promise.all([findThresholdVersion("active"), loadScoreIndex()]);
  const base = { id: active.id, version: active.version };
  const isSeed = isSameWeights(active.weights, SEED_THRESHOLDS.weights);
  const compiled = compileWeights(active.weights, index.personas);
  const turns: WeightFitTurn[] = [];
  for (let r = 0; r < index.rated.length; r++) {
    const i = index.rated[r];
    const p = index.persona[i];
    turns.push({
      sessionId: index.sessionIds[index.session[i]],
      personaId: index.personas[p],
      level: index.ratedLevel[r],
      length: index.length[i],
      sentiment: index.sentiment[i],
      completeness: index.completeness[i],
      critical: index.critical[i],
      currentScore: isSeed ? index.overall[i] : overallOf(compiled, p, index.length[i], index.sentiment[i], index.completeness[i], index.critical[i]),
    });
  }
  const current: Thresholds = { cutoffs: active.cutoffs, weights: active.weights };
  const steps = fitWeightsSteps(turns, { current, seed: options.seed });
  let result: ReturnType<typeof steps.next>;
  while (!(result = steps.next()).done) {
    options.signal?.throwIfAborted();
    await options.onProgress?.(result.value.done, result.value.total);
    await nextTurn();
  }
  const fit = result.value;
  if ("refused" in fit) return { status: "refused", base, reason: fit.refused };
  const preview = await previewThresholds(fit.proposal, { exampleCount: 0 });
  const estimate = fit.outOfFold
    ? `out-of-fold κ_q ${fixed(fit.outOfFold.kappaProposed)} vs ${fixed(fit.outOfFold.kappaCurrent)} today, difference ${fixed(fit.outOfFold.difference)} (95% ${fixed(fit.outOfFold.ciLow)} to ${fixed(fit.outOfFold.ciHigh)}): ${VERDICT_TEXT[fit.verdict!].toLowerCase()}`
    : "no out-of-fold estimate";
  const note = `Fitted weights: maximise quadratic κ with the human levels (${estimate}; shrinkage ${fit.shrinkage}, n = ${fit.nTurns} in ${fit.nSessions} sessions)`;
  return { status: "proposal", base, current, fit, turnsChanging: preview.turns.changed, turnsTotal: preview.turns.total, sessionsChanging: preview.sessions.changed, note: note.slice(0, 500) };
}
