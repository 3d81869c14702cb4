import { compileWeights, overallOf } from "./fast-overall";
import { SEED_THRESHOLDS } from "./thresholds.schema";
import { isSameWeights, type WeightsTable } from "./weights";

/** Turns' stored scores as columns: `persona` indexes a list of persona ids; a missing metric is 0. */
export type ScoreColumnsIn = {
  n: number;
  persona: ArrayLike<number>;
  overall: ArrayLike<number>;
  length: ArrayLike<number>;
  sentiment: ArrayLike<number>;
  completeness: ArrayLike<number>;
  critical: ArrayLike<number>;
};

/**
 * Every turn's overall score under a weight table, as scorerFor gives it one turn at a time
 * (the stored score under the seed's weights, else overallOf on the metric columns), for a
 * batch read as columns: no object per turn.
 */
export function overallColumn(weights: WeightsTable, personas: readonly string[], rows: ScoreColumnsIn): Float64Array {
  const scores = new Float64Array(rows.n);
  if (isSameWeights(weights, SEED_THRESHOLDS.weights)) {
    for (let i = 0; i < rows.n; i++) scores[i] = rows.overall[i];
    return scores;
  }
  const w = compileWeights(weights, personas);
  for (let i = 0; i < rows.n; i++) {
    scores[i] = overallOf(w, rows.persona[i], rows.length[i], rows.sentiment[i], rows.completeness[i], rows.critical[i]);
  }
  return scores;
}
