export type AlphaMetric = "nominal" | "ordinal" | "interval" | "ratio";

/** A rating, or null/undefined when the observer did not rate the unit. */
export type Rating = number | string | null | undefined;

export type AlphaResult = {
  value: number | null;
  /** pairable values: ratings in units that at least two observers rated */
  nPairable: number;
  /** the distinct values, ascending, indexing the coincidence matrix */
  values: (number | string)[];
  coincidences: number[][];
};

/**
 * Krippendorff's α = 1 − D_o/D_e from the coincidence matrix (Krippendorff 2011,
 * "Computing Krippendorff's Alpha-Reliability", §C). `data[observer][unit]`; missing
 * ratings allowed. For each unit u with m_u ≥ 2 values, o_ck += n_uc (n_uk − [c = k]) / (m_u − 1);
 * n_c = Σ_k o_ck, n = Σ_c n_c, and
 *   α = 1 − (n − 1) Σ_{c,k} o_ck δ²_ck / Σ_{c,k} n_c n_k δ²_ck
 * with δ² nominal [c ≠ k]; ordinal (Σ_{g=c}^{k} n_g − (n_c + n_k)/2)²; interval (c − k)²;
 * ratio ((c − k)/(c + k))². Strings are allowed for the nominal metric only.
 * Null when fewer than two values are pairable or the expected disagreement is 0.
 */
export function krippendorffAlpha(data: readonly (readonly Rating[])[], metric: AlphaMetric): AlphaResult {
  const nUnits = Math.max(0, ...data.map((row) => row.length));
  const present = (v: Rating): v is number | string => v !== null && v !== undefined;
  const all = data.flatMap((row) => row.filter(present));
  if (metric !== "nominal" && all.some((v) => typeof v !== "number" || !Number.isFinite(v))) {
    throw new RangeError(`the ${metric} metric needs finite numeric ratings`);
  }
  const values = [...new Set(all)].sort((a, b) => (typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b))));
  const index = new Map(values.map((v, i) => [v, i]));
  const k = values.length;
  const o = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let u = 0; u < nUnits; u++) {
    const unitValues = data.map((row) => row[u]).filter(present);
    const m = unitValues.length;
    if (m < 2) continue;
    const counts = new Map<number, number>();
    for (const v of unitValues) {
      const c = index.get(v)!;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    for (const [c, nc] of counts) {
      for (const [kk, nk] of counts) o[c][kk] += (nc * (nk - (c === kk ? 1 : 0))) / (m - 1);
    }
  }
  const { value, nPairable } = alphaFromCoincidences((c, kk) => o[c][kk], metric, values);
  return { value, nPairable, values, coincidences: o };
}

/**
 * α from coincidences o(c, k) over `values` (ascending, as krippendorffAlpha orders them):
 * n_c = Σ_k o_ck, n = Σ_c n_c, α = 1 − (n − 1) Σ_{c,k} o_ck δ²_ck / Σ_{c,k} n_c n_k δ²_ck with
 * δ² of the metric; null when n < 2 or the expected disagreement is 0. nPairable is n.
 * Shared with the crossed bootstrap, whose replicates weigh the coincidences.
 */
export function alphaFromCoincidences(
  o: (c: number, k: number) => number,
  metric: AlphaMetric,
  values: readonly (number | string)[],
): { value: number | null; nPairable: number } {
  const k = values.length;
  const marginals = new Array<number>(k).fill(0);
  for (let c = 0; c < k; c++) for (let kk = 0; kk < k; kk++) marginals[c] += o(c, kk);
  const n = marginals.reduce((s, v) => s + v, 0);
  const delta = distance(metric, values, marginals);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++) {
    for (let kk = 0; kk < k; kk++) {
      const d = delta(c, kk);
      observed += o(c, kk) * d;
      expected += marginals[c] * marginals[kk] * d;
    }
  }
  return { value: n >= 2 && expected > 0 ? 1 - ((n - 1) * observed) / expected : null, nPairable: n };
}

/** δ²(c, k) over value positions, for the chosen metric. */
function distance(metric: AlphaMetric, values: readonly (number | string)[], marginals: number[]): (c: number, k: number) => number {
  const num = values as readonly number[];
  switch (metric) {
    case "nominal":
      return (c, k) => (c === k ? 0 : 1);
    case "interval":
      return (c, k) => (num[c] - num[k]) ** 2;
    case "ratio":
      return (c, k) => (num[c] + num[k] === 0 ? 0 : ((num[c] - num[k]) / (num[c] + num[k])) ** 2);
    case "ordinal": {
      const cumulative = [0];
      for (const m of marginals) cumulative.push(cumulative[cumulative.length - 1] + m);
      return (c, k) => {
        const [lo, hi] = c <= k ? [c, k] : [k, c];
        return (cumulative[hi + 1] - cumulative[lo] - (marginals[c] + marginals[k]) / 2) ** 2;
      };
    }
  }
}
