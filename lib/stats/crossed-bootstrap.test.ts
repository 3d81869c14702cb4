import { describe, expect, it } from "vitest";
import { crossedBootstrap, type CrossedInput } from "./crossed-bootstrap.ts";
import { prepareCrossed, replicateFigures } from "./crossed-replicate.ts";
import { kappaFromConfusion } from "./cohen-kappa.ts";
import { confusionMatrix } from "./confusion-matrix.ts";
import { krippendorffAlpha, type Rating } from "./krippendorff-alpha.ts";
import { percentiles } from "./percentile.ts";
import { normalSource, uniformSource } from "./seeded-random.ts";
import { expectClose } from "./expect-close.ts";

type Rated = { rater: number; level: number };
type Unit = { cluster: number; judge: number; adjudicated: number; ratings: Rated[] };

const LABELS = [1, 2, 3, 4];

function crossedInput(units: Unit[], nClusters: number, nRaters: number, labels = LABELS): CrossedInput {
  const offsets = new Int32Array(units.length + 1);
  units.forEach((u, i) => (offsets[i + 1] = offsets[i] + u.ratings.length));
  const ratings = units.flatMap((u) => u.ratings);
  return {
    nUnits: units.length,
    cluster: Int32Array.from(units, (u) => u.cluster),
    nClusters,
    judgeLevel: Int32Array.from(units, (u) => u.judge),
    adjudicated: Int32Array.from(units, (u) => u.adjudicated),
    offsets,
    raterOf: Int32Array.from(ratings, (r) => r.rater),
    levelOf: Int32Array.from(ratings, (r) => r.level),
    nRaters,
    labels,
  };
}

/**
 * Seeded small data: raters with their own leniency, 1–4 ratings per unit by distinct raters,
 * a few adjudicated units, a few levels outside the labels (0 for the judge, 5 for a rater).
 */
function randomUnits(seed: number, nClusters: number, nRaters: number): Unit[] {
  const uniform = uniformSource(seed);
  const pick = (n: number) => Math.floor(uniform() * n);
  const clamp = (v: number) => Math.min(4, Math.max(1, v));
  const leniency = Array.from({ length: nRaters }, () => pick(3) - 1);
  const units: Unit[] = [];
  for (let s = 0; s < nClusters; s++) {
    for (let t = 1 + pick(3); t > 0; t--) {
      const quality = 1 + pick(4);
      const raters = Array.from({ length: nRaters }, (_, r) => r).sort(() => uniform() - 0.5).slice(0, 1 + pick(Math.min(4, nRaters)));
      const ratings = raters.map((rater) => ({ rater, level: uniform() < 0.03 ? 5 : clamp(quality + leniency[rater] + (pick(5) === 0 ? pick(3) - 1 : 0)) }));
      const judge = uniform() < 0.05 ? 0 : clamp(quality + pick(3) - 1);
      units.push({ cluster: s, judge, adjudicated: uniform() < 0.1 ? 1 + pick(4) : 0, ratings });
    }
  }
  return units;
}

const lowerMedian = (levels: number[]) => [...levels].sort((a, b) => a - b)[Math.ceil(levels.length / 2) - 1];

/** The resampled data written out: each unit once per draw of its session, rating copies kept apart. */
function materialise(units: Unit[], sessionWeight: number[], raterWeight: number[]) {
  const written: { judge: number; adjudicated: number; values: { observer: string; source: number; level: number }[] }[] = [];
  units.forEach((unit) => {
    for (let copy = 0; copy < sessionWeight[unit.cluster]; copy++) {
      const values = unit.ratings.flatMap((r, source) =>
        Array.from({ length: raterWeight[r.rater] }, (_, c) => ({ observer: `${r.rater}#${c}`, source, level: r.level })),
      );
      written.push({ judge: unit.judge, adjudicated: unit.adjudicated, values });
    }
  });
  return written;
}

function materialisedKappa(written: ReturnType<typeof materialise>): number | null {
  const kept = written.filter((u) => u.adjudicated !== 0 || u.values.length > 0);
  const human = kept.map((u) => (u.adjudicated !== 0 ? u.adjudicated : lowerMedian(u.values.map((v) => v.level))));
  return kappaFromConfusion(confusionMatrix(human, kept.map((u) => u.judge), LABELS).matrix, "quadratic").value;
}

/** Observers × units, each copy of a rater its own observer: krippendorffAlpha's input. */
function reliabilityData(written: ReturnType<typeof materialise>): Rating[][] {
  const observers = [...new Set(written.flatMap((u) => u.values.map((v) => v.observer)))];
  return observers.map((o) => written.map((u) => u.values.find((v) => v.observer === o)?.level ?? null));
}

/**
 * Ordinal α of the written-out data by the paper's recipe (Krippendorff 2011, §C), with one
 * change: pairs of two copies of the same rating are skipped. Every other pair of values in a
 * unit of M values adds 1/(M − 1) to o[c][k].
 */
function alphaWithoutCopyPairs(written: ReturnType<typeof materialise>): number | null {
  const values = [...new Set(written.flatMap((u) => u.values.map((v) => v.level)))].sort((a, b) => a - b);
  const o = values.map(() => values.map(() => 0));
  for (const { values: unit } of written) {
    unit.forEach((a, i) => unit.forEach((b, j) => {
      if (i !== j && a.source !== b.source) o[values.indexOf(a.level)][values.indexOf(b.level)] += 1 / (unit.length - 1);
    }));
  }
  const nc = o.map((row) => row.reduce((s, v) => s + v, 0));
  const n = nc.reduce((s, v) => s + v, 0);
  const delta = (c: number, k: number) => {
    const [lo, hi] = [Math.min(c, k), Math.max(c, k)];
    return (nc.slice(lo, hi + 1).reduce((s, v) => s + v, 0) - (nc[c] + nc[k]) / 2) ** 2;
  };
  let observed = 0;
  let expected = 0;
  o.forEach((row, c) => row.forEach((v, k) => {
    observed += v * delta(c, k);
    expected += nc[c] * nc[k] * delta(c, k);
  }));
  return n >= 2 && expected > 0 ? 1 - ((n - 1) * observed) / expected : null;
}

function draws(n: number, uniform: () => number): number[] {
  const counts = new Array<number>(n).fill(0);
  for (let t = 0; t < n; t++) counts[Math.floor(uniform() * n)]++;
  return counts;
}

describe("crossedBootstrap point estimates", () => {
  for (const seed of [1, 2, 3]) {
    it(`equal kappaFromConfusion and krippendorffAlpha on the original data (seed ${seed})`, () => {
      const units = randomUnits(seed, 40, 6);
      const result = crossedBootstrap(crossedInput(units, 40, 6), { replicates: 10 })!;
      const written = materialise(units, new Array(40).fill(1), new Array(6).fill(1));
      const byRater = Array.from({ length: 6 }, (_, r) => units.map((u) => u.ratings.find((x) => x.rater === r)?.level ?? null));
      const kappa = materialisedKappa(written);
      const alpha = krippendorffAlpha(byRater, "ordinal").value;
      expectClose(result.judgeKappa.estimate, kappa, 1e-12);
      expectClose(result.humanAlpha.estimate, alpha, 1e-12);
      expectClose(result.gap.estimate, kappa! - alpha!, 1e-12);
      expect(result.nRatings).toBe(units.reduce((s, u) => s + u.ratings.length, 0));
    });
  }

  it("keeps an adjudicated unit without ratings in κ and leaves unadjudicated ones without ratings out", () => {
    const units: Unit[] = [
      { cluster: 0, judge: 1, adjudicated: 0, ratings: [{ rater: 0, level: 1 }, { rater: 1, level: 2 }] },
      { cluster: 0, judge: 3, adjudicated: 0, ratings: [{ rater: 0, level: 3 }, { rater: 1, level: 3 }] },
      { cluster: 1, judge: 4, adjudicated: 4, ratings: [] },
      { cluster: 1, judge: 2, adjudicated: 0, ratings: [] },
    ];
    const result = crossedBootstrap(crossedInput(units, 2, 2), { replicates: 1 })!;
    const expected = kappaFromConfusion(confusionMatrix([1, 3, 4], [1, 3, 4], LABELS).matrix, "quadratic").value;
    expectClose(result.judgeKappa.estimate, expected, 1e-15);
  });
});

describe("replicateFigures against the resampled data written out", () => {
  for (const seed of [11, 12, 13, 14, 15, 16]) {
    it(`gives the figures of the duplicated sessions and copied raters (seed ${seed})`, () => {
      const [nClusters, nRaters] = [12, 5];
      const units = randomUnits(seed, nClusters, nRaters);
      const prepared = prepareCrossed(crossedInput(units, nClusters, nRaters));
      const uniform = uniformSource(seed * 7);
      for (let b = 0; b < 25; b++) {
        const sessionWeight = draws(nClusters, uniform);
        const raterWeight = draws(nRaters, uniform);
        const written = materialise(units, sessionWeight, raterWeight);
        const figures = replicateFigures(prepared, sessionWeight, raterWeight);
        const kappa = materialisedKappa(written);
        const alpha = alphaWithoutCopyPairs(written);
        expectClose(figures.kappa, kappa, 1e-12);
        expectClose(figures.alpha, alpha, 1e-12);
        expectClose(figures.gap, kappa === null || alpha === null ? null : kappa - alpha, 1e-12);
      }
    });
  }

  it("equals krippendorffAlpha itself when no rater is drawn twice (the copy rule does not arise)", () => {
    const units = randomUnits(21, 15, 6);
    const prepared = prepareCrossed(crossedInput(units, 15, 6));
    const uniform = uniformSource(99);
    for (let b = 0; b < 20; b++) {
      const sessionWeight = draws(15, uniform);
      const raterWeight = Array.from({ length: 6 }, () => (uniform() < 0.7 ? 1 : 0));
      const written = materialise(units, sessionWeight, raterWeight);
      const direct = krippendorffAlpha(reliabilityData(written), "ordinal").value;
      expectClose(replicateFigures(prepared, sessionWeight, raterWeight).alpha, direct, 1e-12);
      expectClose(alphaWithoutCopyPairs(written), direct, 1e-12);
    }
  });

  it("adds no agreement for two copies of one rater: with raters A and B on every unit, drawing A twice leaves α as it was", () => {
    const levels = [[1, 2], [2, 2], [3, 4], [4, 4], [1, 1], [2, 3]];
    const units: Unit[] = levels.map(([a, b], i) => ({ cluster: i, judge: a, adjudicated: 0, ratings: [{ rater: 0, level: a }, { rater: 1, level: b }] }));
    const prepared = prepareCrossed(crossedInput(units, units.length, 2));
    const ones = new Array(units.length).fill(1);
    const original = replicateFigures(prepared, ones, [1, 1]).alpha;
    expectClose(replicateFigures(prepared, ones, [2, 1]).alpha, original, 1e-15);
    const naive = krippendorffAlpha(reliabilityData(materialise(units, ones, [2, 1])), "ordinal").value;
    expect(naive).toBeGreaterThan(original!);
  });

  it("returns α null when only one rater is drawn, and κ from the adjudicated units alone when no rater is", () => {
    const units = randomUnits(5, 10, 4);
    const prepared = prepareCrossed(crossedInput(units, 10, 4));
    const ones = new Array(10).fill(1);
    expect(replicateFigures(prepared, ones, [4, 0, 0, 0]).alpha).toBeNull();
    const none = replicateFigures(prepared, ones, [0, 0, 0, 0]);
    expect(none.alpha).toBeNull();
    expect(none.gap).toBeNull();
    expectClose(none.kappa, materialisedKappa(materialise(units, ones, [0, 0, 0, 0])), 1e-12);
  });
});

describe("crossedBootstrap runs", () => {
  const units = randomUnits(7, 60, 8);
  const input = crossedInput(units, 60, 8);

  it("gives the identical result for the same seed and another interval for another seed", () => {
    const a = crossedBootstrap(input, { replicates: 300, seed: 42 });
    expect(crossedBootstrap(input, { replicates: 300, seed: 42 })).toEqual(a);
    const b = crossedBootstrap(input, { replicates: 300, seed: 43 })!;
    expect(b.judgeKappa.ci).not.toEqual(a!.judgeKappa.ci);
    expect(b.humanAlpha.ci).not.toEqual(a!.humanAlpha.ci);
    expect(b.judgeKappa.estimate).toBe(a!.judgeKappa.estimate);
  });

  it("takes the interval and standard error from the replicates, drawn sessions first and raters second", () => {
    const replicates = 50;
    const result = crossedBootstrap(input, { replicates, seed: 9, confidence: 0.9 })!;
    const uniform = uniformSource(9);
    const prepared = prepareCrossed(input);
    const kappas: number[] = [];
    for (let b = 0; b < replicates; b++) {
      const sessionWeight = draws(60, uniform);
      const kappa = replicateFigures(prepared, sessionWeight, draws(8, uniform)).kappa;
      if (kappa !== null) kappas.push(kappa);
    }
    const mean = kappas.reduce((s, v) => s + v, 0) / kappas.length;
    const sd = Math.sqrt(kappas.reduce((s, v) => s + (v - mean) ** 2, 0) / (kappas.length - 1));
    const [low, median, high] = percentiles(kappas, [5, 50, 95])!;
    const { estimate, ci, percentileCi, shift, standardError, nDefined } = result.judgeKappa;
    expect(nDefined).toBe(kappas.length);
    expect(percentileCi).toEqual([low, high]);
    expect(shift).toBe(median - estimate!);
    expect(ci).toEqual([low - shift!, high - shift!]);
    expectClose(standardError, sd, 1e-12);
  });

  it("clips the recentred interval to the figure's range", () => {
    // κ = 1 on the data (the judge gives every unit's median); a replicate that drops or
    // doubles one of the three raters often moves a median, so the replicates sit below 1.
    const units: Unit[] = Array.from({ length: 30 }, (_, s) => {
      const level = 1 + (s % 3);
      const ratings = [0, 1, 2].map((rater) => ({ rater, level: rater === s % 3 ? level + 1 : level }));
      return { cluster: s, judge: level, adjudicated: 0, ratings };
    });
    const { judgeKappa } = crossedBootstrap(crossedInput(units, 30, 3), { replicates: 400 })!;
    expect(judgeKappa.estimate).toBe(1);
    expect(judgeKappa.percentileCi![1]).toBe(1);
    expect(judgeKappa.shift).toBeLessThan(0);
    expect(judgeKappa.ci).toEqual([judgeKappa.percentileCi![0] - judgeKappa.shift!, 1]);
  });

  it("reports progress up to the total and returns null when told to stop", () => {
    const seen: number[] = [];
    crossedBootstrap(input, { replicates: 250, onProgress: (done, total) => (expect(total).toBe(250), seen.push(done)) });
    expect(seen.at(-1)).toBe(250);
    expect(seen.every((d, i) => i === 0 || d > seen[i - 1])).toBe(true);
    let calls = 0;
    expect(crossedBootstrap(input, { replicates: 250, shouldStop: () => ++calls > 3 })).toBeNull();
    expect(calls).toBe(4);
  });

  it("counts undefined replicates and gives no interval when none is defined", () => {
    const same: Unit[] = [0, 1, 2].map((s) => ({ cluster: s, judge: 2, adjudicated: 0, ratings: [{ rater: 0, level: 2 }, { rater: 1, level: 2 }] }));
    const result = crossedBootstrap(crossedInput(same, 3, 2), { replicates: 20 })!;
    expect(result.humanAlpha).toEqual({ estimate: null, ci: null, percentileCi: null, shift: null, standardError: null, nDefined: 0 });
    expect(result.gap.nDefined).toBe(0);
  });

  it("rejects raters and sessions out of range", () => {
    expect(() => crossedBootstrap({ ...input, nRaters: 3 })).toThrow(RangeError);
    expect(() => crossedBootstrap({ ...input, nClusters: 10 })).toThrow(RangeError);
  });
});

describe("crossedBootstrap coverage", () => {
  // Each dataset: a new panel of 20 raters whose leniency differs (sd 0.5 level), 600 turns
  // in 120 sessions with a session effect, 3 raters a turn, the judge noisy around the same
  // quality. The target is E[κ̂] over datasets: what the design measures on average. Seeded:
  // the recentred interval covers it in 80 of 80 datasets, the plain percentile one in 39.
  const [nUnits, nClusters, nRaters] = [600, 120, 20];
  function simulated(seed: number): CrossedInput {
    const normal = normalSource(uniformSource(seed));
    const uniform = uniformSource(seed + 1);
    const level = (x: number) => Math.min(4, Math.max(1, Math.round(2.5 + x)));
    const leniency = Array.from({ length: nRaters }, () => 0.5 * normal());
    const session = Array.from({ length: nClusters }, () => 0.5 * normal());
    const units: Unit[] = [];
    for (let u = 0; u < nUnits; u++) {
      const cluster = Math.floor(uniform() * nClusters);
      const quality = session[cluster] + normal();
      const raters = new Set<number>();
      while (raters.size < 3) raters.add(Math.floor(uniform() * nRaters));
      const ratings = [...raters].map((rater) => ({ rater, level: level(quality + leniency[rater] + 0.5 * normal()) }));
      units.push({ cluster, judge: level(quality + 0.6 * normal()), adjudicated: 0, ratings });
    }
    return crossedInput(units, nClusters, nRaters);
  }

  it("covers E[κ̂] with the recentred interval, where the plain percentile interval falls short", () => {
    const ones = [new Array(nClusters).fill(1), new Array(nRaters).fill(1)];
    let target = 0;
    for (let d = 0; d < 500; d++) target += replicateFigures(prepareCrossed(simulated(1e6 + d)), ones[0], ones[1]).kappa! / 500;
    const datasets = 80;
    let recentred = 0;
    let plain = 0;
    const covers = (ci: [number, number] | null) => ci !== null && ci[0] <= target && target <= ci[1];
    for (let d = 0; d < datasets; d++) {
      const { judgeKappa } = crossedBootstrap(simulated(d), { replicates: 150, seed: d })!;
      if (covers(judgeKappa.ci)) recentred++;
      if (covers(judgeKappa.percentileCi)) plain++;
    }
    expect(recentred / datasets).toBeGreaterThanOrEqual(0.9);
    expect(plain / datasets).toBeLessThan(0.8);
    // 80 bootstraps: about 3 s on a quiet machine, past the default 5 s on a loaded one.
  }, 60_000);
});
