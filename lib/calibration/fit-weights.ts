import type { PersonaWeights, QualityCutoffs } from "@/lib/judge";
import { levelOfScore } from "@/lib/thresholds/levels";
import type { Thresholds } from "@/lib/thresholds/thresholds.schema";
import { orderedPersonas, WEIGHT_METRICS, type WeightMetric, type WeightsTable } from "@/lib/thresholds/weights";
import { pairedSessionBootstrap, quadraticKappaOfMatrix } from "./paired-session-bootstrap";
import { fitCutoffs, MIN_CALIBRATION_PAIRS, quadraticKappa, type CalibrationPair } from "./propose-cutoffs";
import { sessionFolds } from "./session-folds";
import { METRIC_COUNT, overallUnder, searchWeights, UNITS, type FitData } from "./weight-search";

/**
 * Fitted persona weights (seed 002 §10.1): per persona, metric weights (non-negative, summing
 * to 1) fitted together with the level cut-offs to maximise quadratic-weighted κ between the
 * judge's level and the human level, then shrunk toward the current weights,
 *   w = (1 − s)·w_fit + s·w_current,
 * with s chosen by an inner cross-validation (folds by session) from SHRINKAGES; ties go to
 * the larger s. The weights are searched by moving hundredths between metrics
 * (weight-search.ts); the cut-offs of any candidate are those of the cut-off proposer
 * (fitCutoffs) on the same turns.
 *
 * Honest estimate: nested cross-validation with folds by session. Each outer fold's turns are
 * levelled by the whole procedure (inner choice of s included) run without them; κ_q of those
 * out-of-fold levels is set beside κ_q of the current version's levels on the same turns, and
 * a paired bootstrap over sessions gives a 95% interval on the difference. The proposal is
 * "no better than today" when the interval holds 0.
 */

export type WeightFitTurn = {
  sessionId: number;
  personaId: string;
  /** The human level, 1 = Poor … 4 = Excellent. */
  level: number;
  length: number;
  sentiment: number;
  completeness: number;
  critical: number;
  /** The turn's overall score under the current version (the stored one under the seed's weights). */
  currentScore: number;
};

export type WeightFitOptions = { current: Thresholds; seed?: number; outerFolds?: number; innerFolds?: number; replicates?: number };

export type PersonaWeightFit = { persona: string; turns: number; current: PersonaWeights; proposed: PersonaWeights; moved: { metric: WeightMetric; from: number; to: number }[] };

export type WeightFitVerdict = "better" | "no-better" | "worse";

export type WeightFit = {
  personas: PersonaWeightFit[];
  proposal: Thresholds;
  shrinkage: number;
  /** Why the weights were held at the current ones, when they were. */
  heldBack: string | null;
  kappaInSample: { current: number | null; proposed: number | null };
  outOfFold: { kappaCurrent: number; kappaProposed: number; difference: number; ciLow: number; ciHigh: number; folds: number; replicates: number } | null;
  verdict: WeightFitVerdict | null;
  nTurns: number;
  nSessions: number;
  seed: number;
};

export type WeightFitRefusal = { refused: string };

export const SHRINKAGES = [0, 0.25, 0.5, 0.75, 1] as const;
/** Below these, the weights stay where they are (s = 1) and only the cut-offs are re-proposed. */
export const MIN_WEIGHT_FIT_TURNS = 60;
export const MIN_WEIGHT_FIT_SESSIONS = 10;
export const DEFAULT_WEIGHT_FIT_SEED = 20261127;

export const VERDICT_TEXT: Record<WeightFitVerdict, string> = {
  better: "Better than today",
  "no-better": "No better than today",
  worse: "Worse than today",
};

/** The number of weight searches a fit runs (its progress total). */
export function weightFitSteps(options: Pick<WeightFitOptions, "outerFolds" | "innerFolds"> = {}): number {
  const inner = (options.innerFolds ?? 4) + 1;
  return (options.outerFolds ?? 5) * inner + inner;
}

type Problem = {
  data: FitData;
  session: Int32Array;
  groupNames: string[];
  /** Current weights normalised to sum 1, METRIC_COUNT per group. */
  target: Float64Array;
  start: Int32Array;
  free: boolean[];
  current: Thresholds;
};

/** Runs a fit to the end. */
export function fitWeights(turns: readonly WeightFitTurn[], options: WeightFitOptions): WeightFit | WeightFitRefusal {
  const steps = fitWeightsSteps(turns, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The fit, yielding progress after each weight search (a job gives the event loop back between them). */
export function* fitWeightsSteps(turns: readonly WeightFitTurn[], options: WeightFitOptions): Generator<{ done: number; total: number }, WeightFit | WeightFitRefusal> {
  const usable = turns.filter((turn) => Number.isInteger(turn.level) && turn.level >= 1 && turn.level <= 4 && Number.isFinite(turn.currentScore));
  if (usable.length < MIN_CALIBRATION_PAIRS) return { refused: `Fitting weights needs at least ${MIN_CALIBRATION_PAIRS} rated turns; there are ${usable.length}.` };
  if (new Set(usable.map((turn) => turn.level)).size < 2) return { refused: "Every rated turn has the same human level, so agreement cannot be measured." };
  const seed = options.seed ?? DEFAULT_WEIGHT_FIT_SEED;
  const outerK = options.outerFolds ?? 5;
  const innerK = options.innerFolds ?? 4;
  const problem = problemOf(usable, options.current);
  const all = Int32Array.from(usable, (_, i) => i);
  const nSessions = new Set(usable.map((turn) => turn.sessionId)).size;
  const heldBack =
    usable.length < MIN_WEIGHT_FIT_TURNS || nSessions < MIN_WEIGHT_FIT_SESSIONS
      ? `Too few ratings to move the weights (${usable.length} rated turns in ${nSessions} sessions; at least ${MIN_WEIGHT_FIT_TURNS} in ${MIN_WEIGHT_FIT_SESSIONS} sessions are needed): only the cut-offs are re-proposed.`
      : null;
  const total = heldBack ? 1 : weightFitSteps({ outerFolds: outerK, innerFolds: innerK });
  let done = 0;
  const progress = () => ({ done: ++done, total });

  const currentLevels = Int32Array.from(usable, (turn) => levelOfScore(turn.currentScore, options.current.cutoffs));
  const proposedLevels = new Int32Array(usable.length);
  let folds = 0;
  if (!heldBack) {
    const outer = sessionFolds(problem.session, outerK, seed);
    folds = outer.folds;
    for (let f = 0; f < outer.folds; f++) {
      const training = all.filter((i) => outer.foldOf[i] !== f);
      const fitted = yield* proposeOn(problem, training, innerK, seed + 1 + f, progress);
      for (let i = 0; i < all.length; i++) {
        if (outer.foldOf[i] === f) proposedLevels[i] = levelOfScore(scoreOf(problem, fitted.weights, i), fitted.cutoffs);
      }
    }
  }
  const final = heldBack ? heldProposal(problem, all) : yield* proposeOn(problem, all, innerK, seed, progress);
  if (heldBack) yield progress();

  const difference = heldBack
    ? null
    : pairedSessionBootstrap(
        { session: problem.session, human: problem.data.level, a: proposedLevels, b: currentLevels },
        { replicates: options.replicates ?? 1000, seed: seed + 97 },
      );
  const outOfFold = difference
    ? { kappaCurrent: difference.b, kappaProposed: difference.a, difference: difference.difference, ciLow: difference.ciLow, ciHigh: difference.ciHigh, folds, replicates: difference.replicates }
    : null;
  const verdict: WeightFitVerdict | null = outOfFold === null ? null : outOfFold.ciLow > 0 ? "better" : outOfFold.ciHigh < 0 ? "worse" : "no-better";

  const proposal: Thresholds = { cutoffs: final.cutoffs, weights: weightsTableOf(problem, final.weights) };
  const pairsCurrent: CalibrationPair[] = usable.map((turn) => ({ score: turn.currentScore, level: turn.level }));
  const pairsProposed: CalibrationPair[] = usable.map((turn, i) => ({ score: scoreOf(problem, final.weights, i), level: turn.level }));
  return {
    personas: personaFits(problem, proposal.weights),
    proposal,
    shrinkage: final.shrinkage,
    heldBack,
    kappaInSample: { current: quadraticKappa(pairsCurrent, options.current.cutoffs), proposed: quadraticKappa(pairsProposed, final.cutoffs) },
    outOfFold,
    verdict,
    nTurns: usable.length,
    nSessions,
    seed,
  };
}

type Fitted = { weights: Float64Array; cutoffs: QualityCutoffs; shrinkage: number };

/** The whole procedure on `training`: s by inner cross-validation, then the fit on all of it, shrunk by s. */
function* proposeOn(problem: Problem, training: Int32Array, innerK: number, seed: number, progress: () => { done: number; total: number }): Generator<{ done: number; total: number }, Fitted> {
  const inner = sessionFolds(Array.from(training, (i) => problem.session[i]), innerK, seed);
  const confusion = SHRINKAGES.map(() => new Float64Array(16));
  for (let g = 0; g < inner.folds; g++) {
    const fitPart = training.filter((_, k) => inner.foldOf[k] !== g);
    const testPart = training.filter((_, k) => inner.foldOf[k] === g);
    const { units } = searchWeights(problem.data, fitPart, problem.start, problem.free);
    SHRINKAGES.forEach((s, k) => {
      const weights = shrink(problem, units, s);
      const cutoffs = cutoffsOn(problem, weights, fitPart);
      if (!cutoffs) return;
      for (const i of testPart) confusion[k][(problem.data.level[i] - 1) * 4 + levelOfScore(scoreOf(problem, weights, i), cutoffs) - 1]++;
    });
    yield progress();
  }
  let best = SHRINKAGES.length - 1;
  let bestKappa = quadraticKappaOfMatrix(confusion[best]) ?? -Infinity;
  for (let k = SHRINKAGES.length - 2; k >= 0; k--) {
    const kappa = quadraticKappaOfMatrix(confusion[k]) ?? -Infinity;
    if (kappa > bestKappa + 1e-12) {
      best = k;
      bestKappa = kappa;
    }
  }
  const { units } = searchWeights(problem.data, training, problem.start, problem.free);
  yield progress();
  const weights = shrink(problem, units, SHRINKAGES[best]);
  return { weights, cutoffs: cutoffsOn(problem, weights, training) ?? problem.current.cutoffs, shrinkage: SHRINKAGES[best] };
}

function heldProposal(problem: Problem, items: Int32Array): Fitted {
  const weights = shrink(problem, problem.start, 1);
  return { weights, cutoffs: cutoffsOn(problem, weights, items) ?? problem.current.cutoffs, shrinkage: 1 };
}

function cutoffsOn(problem: Problem, weights: Float64Array, items: ArrayLike<number>): QualityCutoffs | null {
  const pairs: CalibrationPair[] = Array.from(items, (i) => ({ score: scoreOf(problem, weights, i), level: problem.data.level[i] }));
  return fitCutoffs(pairs, problem.current.cutoffs)?.cutoffs ?? null;
}

function scoreOf(problem: Problem, weights: Float64Array, turn: number): number {
  return overallUnder(weights, problem.data.group[turn] * METRIC_COUNT, problem.data.metrics, turn);
}

/**
 * (1 − s)·fit + s·target per group, in thousandths summing to exactly one (largest
 * remainder); s = 1 gives the target itself, so a held-back fit keeps the weights unchanged.
 */
function shrink(problem: Problem, units: Int32Array, s: number): Float64Array {
  if (s === 1) return Float64Array.from(problem.target);
  const weights = new Float64Array(units.length);
  for (let g = 0; g < problem.data.groups; g++) {
    const o = g * METRIC_COUNT;
    const exact = [0, 1, 2, 3].map((m) => ((1 - s) * units[o + m]) / UNITS + s * problem.target[o + m]);
    const total = exact.reduce((sum, value) => sum + value, 0);
    const scaled = exact.map((value) => (value / total) * 1000);
    const floors = scaled.map(Math.floor);
    let left = 1000 - floors.reduce((sum, value) => sum + value, 0);
    const order = [0, 1, 2, 3].sort((a, b) => scaled[b] - floors[b] - (scaled[a] - floors[a]) || a - b);
    for (const m of order) if (left-- > 0) floors[m]++;
    for (let m = 0; m < METRIC_COUNT; m++) weights[o + m] = floors[m] / 1000;
  }
  return weights;
}

function metricsOf(weights: PersonaWeights): number[] {
  return [weights.length, weights.sentiment, weights.completeness, weights.critical_intensity ?? 0];
}

function problemOf(turns: readonly WeightFitTurn[], current: Thresholds): Problem {
  const groupNames = orderedPersonas(current.weights);
  const groupIndex = new Map(groupNames.map((name, g) => [name, g]));
  const n = turns.length;
  const data: FitData = { groups: groupNames.length, group: new Int32Array(n), level: new Int32Array(n), metrics: new Float64Array(n * METRIC_COUNT) };
  const session = new Int32Array(n);
  const free = new Array<boolean>(groupNames.length * METRIC_COUNT).fill(false);
  turns.forEach((turn, i) => {
    const g = groupIndex.get(turn.personaId) ?? groupIndex.get("default")!;
    data.group[i] = g;
    data.level[i] = turn.level;
    session[i] = turn.sessionId;
    const values = [turn.length, Math.abs(turn.sentiment), turn.completeness, turn.critical];
    values.forEach((value, m) => {
      data.metrics[i * METRIC_COUNT + m] = value;
      // A metric never measured for a persona (critical intensity outside antithesis) cannot earn weight.
      if (value !== 0) free[g * METRIC_COUNT + m] = true;
    });
  });
  const target = new Float64Array(groupNames.length * METRIC_COUNT);
  const start = new Int32Array(groupNames.length * METRIC_COUNT);
  groupNames.forEach((name, g) => {
    const values = metricsOf(current.weights[name]);
    const sum = values.reduce((total, value) => total + value, 0);
    values.forEach((value, m) => (target[g * METRIC_COUNT + m] = sum === 0 ? 1 / METRIC_COUNT : Math.abs(sum - 1) < 1e-9 ? value : value / sum));
    // The search starts from the current weights on the free metrics, in hundredths.
    const freeValues = values.map((value, m) => (free[g * METRIC_COUNT + m] ? value : 0));
    const freeSum = freeValues.reduce((total, value) => total + value, 0);
    const freeCount = freeValues.filter((_, m) => free[g * METRIC_COUNT + m]).length;
    const shares = freeValues.map((value, m) => (freeSum > 0 ? (value / freeSum) * UNITS : free[g * METRIC_COUNT + m] ? UNITS / Math.max(1, freeCount) : 0));
    const floors = shares.map(Math.floor);
    let left = (freeCount === 0 ? 0 : UNITS) - floors.reduce((total, value) => total + value, 0);
    const order = [0, 1, 2, 3].sort((a, b) => shares[b] - floors[b] - (shares[a] - floors[a]) || a - b);
    for (const m of order) if (left-- > 0) floors[m]++;
    floors.forEach((value, m) => (start[g * METRIC_COUNT + m] = value));
  });
  return { data, session, groupNames, target, start, free, current };
}

function weightsTableOf(problem: Problem, weights: Float64Array): WeightsTable {
  const table: Record<string, PersonaWeights> = {};
  problem.groupNames.forEach((name, g) => {
    const o = g * METRIC_COUNT;
    const hasTurns = problem.data.group.some((group) => group === g);
    const current = problem.current.weights[name];
    if (!hasTurns) {
      table[name] = current;
      return;
    }
    const critical = weights[o + 3];
    table[name] = {
      length: weights[o],
      sentiment: weights[o + 1],
      completeness: weights[o + 2],
      ...(critical !== 0 || current.critical_intensity !== undefined ? { critical_intensity: critical } : {}),
    };
  });
  return table as WeightsTable;
}

function personaFits(problem: Problem, proposed: WeightsTable): PersonaWeightFit[] {
  return problem.groupNames.map((name, g) => {
    const current = problem.current.weights[name];
    const before = metricsOf(current);
    const after = metricsOf(proposed[name]);
    const moved = WEIGHT_METRICS.map((metric, m) => ({ metric, from: before[m], to: after[m] })).filter((move) => Math.abs(move.to - move.from) > 1e-9);
    return { persona: name, turns: problem.data.group.filter((group) => group === g).length, current, proposed: proposed[name], moved };
  });
}
