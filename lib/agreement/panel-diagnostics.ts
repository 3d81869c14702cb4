import { cohenKappa, kappaFromConfusion } from "@/lib/stats/cohen-kappa";
import { positiveLinearRegression } from "@/lib/stats/nnls";
import { DEFAULT_CONFIDENCE } from "@/lib/stats/correlation-inference";
import { effectiveJudges, errorCorrelation, numericErrors } from "@/lib/stats/panel";
import { percentileOfSorted } from "@/lib/stats/percentile";
import { uniformSource } from "@/lib/stats/seeded-random";
import { drawMultiplicities } from "@/lib/stats/crossed-bootstrap";

// What a panel of judges is worth, measured against people on the rated turns: each
// member's and the panel's quadratic κ with the human level, how the members agree with
// each other, how their errors correlate, the effective number of independent judges, and
// whether the panel beats its best member by more than chance.

export type PanelInput = {
  /** Member names, in the panel's order. */
  members: string[];
  /** The human level per unit. */
  human: ArrayLike<number>;
  /** The panel's level per unit. */
  panel: ArrayLike<number>;
  /** levels[m][u]: member m's level on unit u. */
  levels: ArrayLike<number>[];
  /** The unit's session: the cluster the bootstrap resamples and the folds keep together. */
  cluster: ArrayLike<number>;
  /** scores[m][u]: member m's score on unit u, for the fitted weights (absent: none fitted). */
  scores?: ArrayLike<number>[];
  /** The ordered levels κ runs over. */
  labels: readonly number[];
};

export type PanelDiagnostics = {
  n: number;
  k: number;
  panelKappa: number | null;
  /** Each member's quadratic κ with the human level. */
  memberKappa: (number | null)[];
  /** Quadratic κ between members i and j (1 on the diagonal when defined). */
  agreement: (number | null)[][];
  /** Pearson r of the members' errors (member level − human level), with their mean and count of pairs. */
  errorCorrelation: { matrix: (number | null)[][]; mean: number | null; nPairs: number };
  /** k / (1 + (k − 1)·ρ̄); null without a pair. */
  nEff: number | null;
  /** The member with the highest κ (the first on a tie); null when no member has one. */
  best: number | null;
  /** κ(panel) − κ(best member), with a paired bootstrap interval over sessions. */
  difference: { value: number | null; ci: [number, number] | null; replicates: number; verdict: "better" | "worse" | "inconclusive" | null };
  /** Non-negative weights on the members' scores fitted to the human level; null without scores or with fewer than 5 sessions. */
  fitted: FittedWeights | null;
};

export type FittedWeights = {
  /** Fitted on every unit: what the panel would use. */
  coef: number[];
  intercept: number;
  /** κ_q of the out-of-fold levels: each fold predicted by weights fitted on the other four. */
  outOfFoldKappa: number | null;
};

export const FOLDS = 5;

/**
 * Weights that best predict the human level from the members' scores: least squares with
 * non-negative weights and a free intercept (positiveLinearRegression, scikit-learn's
 * LinearRegression(positive=True)). Judged honestly, out of fold: the sessions, in ascending
 * id, go to folds 0…4 in turn (a session's units stay together); each fold's units get the
 * level floor(prediction + 0.5), clipped to the labels, from weights fitted on the others;
 * κ_q of those levels against the human ones over every unit. The in-sample fit is never
 * reported as agreement.
 */
export function fittedPanelWeights(
  scores: readonly ArrayLike<number>[],
  human: ArrayLike<number>,
  cluster: ArrayLike<number>,
  labels: readonly number[],
): (FittedWeights & { folds: number[]; outOfFoldLevels: number[] }) | null {
  const n = human.length;
  const sessions = [...new Set(Array.from(cluster))].sort((a, b) => a - b);
  if (sessions.length < FOLDS) return null;
  const foldOf = new Map(sessions.map((s, i) => [s, i % FOLDS]));
  const folds = Array.from(cluster, (s) => foldOf.get(s)!);
  const [low, high] = [labels[0], labels[labels.length - 1]];
  const levels = new Array<number>(n).fill(low);
  const pick = (values: ArrayLike<number>, rows: number[]) => rows.map((u) => values[u]);
  for (let f = 0; f < FOLDS; f++) {
    const test = folds.flatMap((g, u) => (g === f ? [u] : []));
    const train = folds.flatMap((g, u) => (g !== f ? [u] : []));
    const model = positiveLinearRegression(scores.map((s) => pick(s, train)), pick(human, train));
    for (const u of test) {
      const prediction = model.intercept + model.coef.reduce((sum, c, m) => sum + c * scores[m][u], 0);
      levels[u] = Math.min(high, Math.max(low, Math.floor(prediction + 0.5)));
    }
  }
  const all = positiveLinearRegression(scores, human);
  return { ...all, outOfFoldKappa: cohenKappa(Array.from(human), levels, labels).quadratic.value, folds, outOfFoldLevels: levels };
}

const WEIGHT = "quadratic" as const;

/** Per-cluster confusion counts of (human, other) over the labels, flattened k×k per cluster. */
function clusterConfusions(human: ArrayLike<number>, other: ArrayLike<number>, cluster: Int32Array, nClusters: number, labels: readonly number[]) {
  const k = labels.length;
  const index = new Map(labels.map((l, i) => [l, i]));
  const counts = new Float64Array(nClusters * k * k);
  for (let u = 0; u < human.length; u++) {
    const i = index.get(human[u]);
    const j = index.get(other[u]);
    if (i !== undefined && j !== undefined) counts[cluster[u] * k * k + i * k + j]++;
  }
  return counts;
}

function kappaOf(counts: Float64Array, weights: Int32Array | null, k: number): number | null {
  const matrix = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const nClusters = counts.length / (k * k);
  for (let s = 0; s < nClusters; s++) {
    const w = weights ? weights[s] : 1;
    if (w === 0) continue;
    for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) matrix[i][j] += w * counts[s * k * k + i * k + j];
  }
  return kappaFromConfusion(matrix, WEIGHT).value;
}

/**
 * The panel's diagnostics on paired units. κ is Cohen's quadratic κ over `labels`
 * (kappaFromConfusion); the error correlation and n_eff are lib/stats/panel.ts's. The
 * difference's interval is the percentile interval of B replicates that draw the sessions
 * with replacement (uniformSource(seed)), both κ on the same draw; "better" or "worse" when
 * the whole interval is above or below 0, else "inconclusive".
 */
export function panelDiagnostics(input: PanelInput, options: { replicates?: number; seed?: number; confidence?: number } = {}): PanelDiagnostics {
  const { members, human, panel, levels, labels } = input;
  const n = human.length;
  const k = members.length;
  const replicates = options.replicates ?? 1000;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const clusterIds = new Map<number, number>();
  const cluster = new Int32Array(n);
  for (let u = 0; u < n; u++) {
    const id = input.cluster[u];
    if (!clusterIds.has(id)) clusterIds.set(id, clusterIds.size);
    cluster[u] = clusterIds.get(id)!;
  }
  const nClusters = clusterIds.size;
  const nLabels = labels.length;
  const panelCounts = clusterConfusions(human, panel, cluster, nClusters, labels);
  const memberCounts = levels.map((level) => clusterConfusions(human, level, cluster, nClusters, labels));
  const panelKappa = kappaOf(panelCounts, null, nLabels);
  const memberKappa = memberCounts.map((counts) => kappaOf(counts, null, nLabels));
  const agreement = levels.map((a, i) => levels.map((b, j) => (i === j ? 1 : kappaOf(clusterConfusions(a, b, new Int32Array(n), 1, labels), null, nLabels))));
  const correlation = errorCorrelation(levels.map((level) => numericErrors(human, level)));

  let best: number | null = null;
  memberKappa.forEach((kappa, m) => {
    if (kappa !== null && (best === null || kappa > memberKappa[best]!)) best = m;
  });
  const difference: PanelDiagnostics["difference"] = { value: null, ci: null, replicates, verdict: null };
  if (best !== null && panelKappa !== null) {
    difference.value = panelKappa - memberKappa[best]!;
    const draws: number[] = [];
    const weights = new Int32Array(nClusters);
    const uniform = uniformSource(options.seed ?? 20_261_125);
    for (let b = 0; b < replicates; b++) {
      drawMultiplicities(weights, uniform);
      const p = kappaOf(panelCounts, weights, nLabels);
      const m = kappaOf(memberCounts[best], weights, nLabels);
      if (p !== null && m !== null) draws.push(p - m);
    }
    if (draws.length > 0) {
      const sorted = Float64Array.from(draws).sort();
      const half = 50 * confidence;
      difference.ci = [percentileOfSorted(sorted, 50 - half), percentileOfSorted(sorted, 50 + half)];
      difference.verdict = difference.ci[0] > 0 ? "better" : difference.ci[1] < 0 ? "worse" : "inconclusive";
    }
  }
  const fit = input.scores ? fittedPanelWeights(input.scores, human, input.cluster, labels) : null;
  return {
    n,
    k,
    panelKappa,
    memberKappa,
    agreement,
    errorCorrelation: correlation,
    nEff: effectiveJudges(k, correlation.mean),
    best,
    difference,
    fitted: fit && { coef: fit.coef, intercept: fit.intercept, outOfFoldKappa: fit.outOfFoldKappa },
  };
}
