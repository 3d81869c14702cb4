import type { Interval } from "@/lib/stats";
import {
  DEFAULT_BOOTSTRAP_SEED,
  DEFAULT_REPLICATES,
  drawMultiplicities,
  summariseReplicates,
  type BootstrapFigure,
} from "@/lib/stats/crossed-bootstrap";
import { DEFAULT_CONFIDENCE } from "@/lib/stats/correlation-inference";
import { uniformSource } from "@/lib/stats/seeded-random";
import type { TaskCriterion, TaskData, TaskValue } from "./task-data";
import { judgeFigures, type JudgeFigures } from "./task-figures";
import { humanValues } from "./task-human-label";

// Rater-aware intervals for the judge figures of a binary, categorical, multi-label or
// numeric criterion: the crossed bootstrap of the level-based report (crossed-bootstrap.ts),
// resampling sessions and raters together, with the same seed, draw order and recentred
// percentile interval. A replicate writes the resampled data out (a session drawn twice gives
// its units twice; a rater drawn twice gives each of their ratings twice, so the human answer
// — majority, half the raters, mean — counts them twice) and computes the figures on it.

/** The figures that get an interval, per type, with the range each can take. */
const FIGURES: Record<TaskCriterion["type"], Record<string, Interval>> = {
  binary: { accuracy: [0, 1], precision: [0, 1], recall: [0, 1], f1: [0, 1], specificity: [0, 1], balancedAccuracy: [0, 1], mcc: [-1, 1], kappa: [-1, 1] },
  categorical: { accuracy: [0, 1], macroF1: [0, 1], microF1: [0, 1], weightedF1: [0, 1], kappa: [-1, 1] },
  multilabel: { macroF1: [0, 1], microF1: [0, 1], hammingLoss: [0, 1], subsetAccuracy: [0, 1], jaccardSamples: [0, 1] },
  numeric: { pearson: [-1, 1], spearman: [-1, 1], kendall: [-1, 1], mae: [0, Infinity], rmse: [0, Infinity], ccc: [-1, 1], icc2_1: [-1, 1], icc3_1: [-1, 1] },
};

export type TaskBootstrapResult = {
  replicates: number;
  seed: number;
  confidence: number;
  /** figure name (as in FIGURES) → its estimate and intervals */
  figures: Record<string, BootstrapFigure>;
  nUnits: number;
  nRatings: number;
  nRaters: number;
  nClusters: number;
};

/** The figures of one judge-figures block that get intervals, by name. */
export function headlineFigures(figures: JudgeFigures): Record<string, number | null> {
  switch (figures.type) {
    case "binary":
    case "categorical":
    case "multilabel": {
      const metrics = figures.metrics as unknown as Record<string, number | null>;
      return Object.fromEntries(Object.keys(FIGURES[figures.type]).map((key) => [key, metrics[key]]));
    }
    case "numeric":
      return {
        pearson: figures.pearson.value,
        spearman: figures.spearman.value,
        kendall: figures.kendall.value,
        mae: figures.mae,
        rmse: figures.rmse,
        ccc: figures.ccc,
        icc2_1: figures.icc.icc2_1.value,
        icc3_1: figures.icc.icc3_1.value,
      };
  }
}

type Prepared = {
  /** per unit: its session's index */
  cluster: Int32Array;
  nClusters: number;
  /** per unit: its ratings as [rater index, value] */
  ratings: [number, TaskValue][][];
  nRaters: number;
};

function prepare(data: TaskData): Prepared {
  const nUnits = data.units.turnId.length;
  const clusters = new Map<number, number>();
  const cluster = new Int32Array(nUnits);
  for (let u = 0; u < nUnits; u++) {
    const session = data.units.session[u];
    if (!clusters.has(session)) clusters.set(session, clusters.size);
    cluster[u] = clusters.get(session)!;
  }
  const raters = new Map<string, number>();
  const ratings: [number, TaskValue][][] = Array.from({ length: nUnits }, () => []);
  for (let i = 0; i < data.ratings.unit.length; i++) {
    const rater = data.ratings.rater[i];
    if (!raters.has(rater)) raters.set(rater, raters.size);
    ratings[data.ratings.unit[i]].push([raters.get(rater)!, data.ratings.value[i]]);
  }
  return { cluster, nClusters: clusters.size, ratings, nRaters: raters.size };
}

/** The headline figures with each session counted w_s times and each rater's ratings m_r times. */
function replicate(criterion: TaskCriterion, data: TaskData, prepared: Prepared, sessionWeight: Int32Array, raterWeight: Int32Array) {
  const grouped: TaskValue[][] = [];
  const judge: TaskValue[] = [];
  for (let u = 0; u < prepared.cluster.length; u++) {
    const w = sessionWeight[prepared.cluster[u]];
    if (w === 0) continue;
    const values: TaskValue[] = [];
    for (const [rater, value] of prepared.ratings[u]) for (let m = 0; m < raterWeight[rater]; m++) values.push(value);
    if (values.length === 0) continue;
    for (let c = 0; c < w; c++) {
      grouped.push(values);
      judge.push(data.units.judge[u]);
    }
  }
  if (judge.length === 0) return null;
  return headlineFigures(judgeFigures(criterion, humanValues(criterion, grouped) as TaskValue[], judge));
}

/**
 * The crossed bootstrap of the judge figures, a slice of about a hundredth of the
 * replicates at a time (yielding the progress, as crossedBootstrapSteps). Units without a
 * rating are left out, as in buildTaskFigures. Each replicate draws the sessions, then the
 * raters, with replacement from uniformSource(seed); a replicate without a rated unit, or
 * where a figure is undefined, leaves that figure's draw out. Deterministic for a seed.
 */
export function* taskBootstrapSteps(
  criterion: TaskCriterion,
  input: TaskData,
  options: { replicates?: number; seed?: number; confidence?: number } = {},
): Generator<{ done: number; total: number }, TaskBootstrapResult> {
  const replicates = options.replicates ?? DEFAULT_REPLICATES;
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  if (!Number.isInteger(replicates) || replicates < 1) throw new RangeError(`replicates must be a positive integer: ${replicates}`);
  const prepared = prepare(input);
  const names = Object.keys(FIGURES[criterion.type]);
  const sessionWeight = new Int32Array(prepared.nClusters).fill(1);
  const raterWeight = new Int32Array(prepared.nRaters).fill(1);
  const point = replicate(criterion, input, prepared, sessionWeight, raterWeight);
  const draws = names.map(() => new Float64Array(replicates));
  const defined = names.map(() => 0);
  const uniform = uniformSource(seed);
  const step = Math.max(1, Math.round(replicates / 100));
  for (let b = 0; b < replicates; b++) {
    drawMultiplicities(sessionWeight, uniform);
    drawMultiplicities(raterWeight, uniform);
    const figures = replicate(criterion, input, prepared, sessionWeight, raterWeight);
    names.forEach((name, k) => {
      const value = figures?.[name] ?? null;
      if (value !== null && Number.isFinite(value)) draws[k][defined[k]++] = value;
    });
    if ((b + 1) % step === 0 || b + 1 === replicates) yield { done: b + 1, total: replicates };
  }
  const figures = Object.fromEntries(
    names.map((name, k) => [name, summariseReplicates(point?.[name] ?? null, draws[k].subarray(0, defined[k]), confidence, FIGURES[criterion.type][name])]),
  );
  const rated = prepared.ratings.filter((r) => r.length > 0).length;
  return { replicates, seed, confidence, figures, nUnits: rated, nRatings: input.ratings.unit.length, nRaters: prepared.nRaters, nClusters: prepared.nClusters };
}

/** The whole run at once (tests, the command line). */
export function taskBootstrap(criterion: TaskCriterion, input: TaskData, options: { replicates?: number; seed?: number; confidence?: number } = {}): TaskBootstrapResult {
  const steps = taskBootstrapSteps(criterion, input, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
