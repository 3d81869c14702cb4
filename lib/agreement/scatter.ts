import type { AgreementPairs } from "./build-pairs";

/** Enough points to see the shape; more only slows the browser. */
export const SCATTER_LIMIT = 2000;

export type ScatterSample = { total: number; points: { turnId: number; human: number; score: number }[] };

/** Every unit, or an evenly spaced systematic sample of SCATTER_LIMIT of them (in turn order). */
export function scatterSample(pairs: AgreementPairs, limit = SCATTER_LIMIT): ScatterSample {
  const step = Math.max(1, pairs.n / limit);
  const points: ScatterSample["points"] = [];
  for (let k = 0; k < Math.min(limit, pairs.n); k++) {
    const u = Math.floor(k * step);
    points.push({ turnId: pairs.units.turnId[u], human: pairs.human[u], score: pairs.units.score[u] });
  }
  return { total: pairs.n, points };
}
