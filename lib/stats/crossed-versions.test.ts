import { describe, expect, it } from "vitest";
import { crossedBootstrap, type CrossedInput } from "./crossed-bootstrap.ts";
import { crossedKappas } from "./crossed-versions.ts";
import { uniformSource } from "./seeded-random.ts";

/** Seeded data: 30 sessions of 1–3 units, 1–3 ratings each by 8 raters, some adjudicated, and three judges' levels. */
function seeded(seed: number): { input: CrossedInput; judges: Int32Array[] } {
  const uniform = uniformSource(seed);
  const pick = (n: number) => Math.floor(uniform() * n);
  const clamp = (v: number) => Math.min(4, Math.max(1, v));
  const cluster: number[] = [];
  const adjudicated: number[] = [];
  const offsets = [0];
  const raterOf: number[] = [];
  const levelOf: number[] = [];
  const quality: number[] = [];
  for (let s = 0; s < 30; s++) {
    for (let t = 1 + pick(3); t > 0; t--) {
      const q = 1 + pick(4);
      quality.push(q);
      cluster.push(s);
      adjudicated.push(uniform() < 0.1 ? 1 + pick(4) : 0);
      const raters = [0, 1, 2, 3, 4, 5, 6, 7].sort(() => uniform() - 0.5).slice(0, 1 + pick(3));
      for (const r of raters) {
        raterOf.push(r);
        levelOf.push(clamp(q + pick(3) - 1));
      }
      offsets.push(raterOf.length);
    }
  }
  const noise = [0, 1, 2];
  const judges = noise.map((spread) => Int32Array.from(quality, (q) => (uniform() < 0.03 ? 0 : clamp(q + (spread === 0 ? 0 : pick(2 * spread + 1) - spread)))));
  const input: CrossedInput = {
    nUnits: quality.length,
    cluster: Int32Array.from(cluster),
    nClusters: 30,
    judgeLevel: judges[0],
    adjudicated: Int32Array.from(adjudicated),
    offsets: Int32Array.from(offsets),
    raterOf: Int32Array.from(raterOf),
    levelOf: Int32Array.from(levelOf),
    nRaters: 8,
    labels: [1, 2, 3, 4],
  };
  return { input, judges };
}

describe("crossedKappas", () => {
  it("gives each judge exactly the κ figure of the single-judge crossed bootstrap with the same seed", () => {
    const { input, judges } = seeded(4242);
    const result = crossedKappas(input, judges, { replicates: 300, seed: 17 });
    expect(result.kappas).toHaveLength(3);
    judges.forEach((levels, j) => {
      const single = crossedBootstrap({ ...input, judgeLevel: levels }, { replicates: 300, seed: 17 })!;
      expect(result.kappas[j]).toEqual(single.judgeKappa);
    });
    expect(result).toMatchObject({ replicates: 300, seed: 17, nUnits: input.nUnits, nRaters: 8, nClusters: 30, nRatings: input.offsets[input.nUnits] });
    // The noisier judges agree less with people.
    expect(result.kappas[0].estimate!).toBeGreaterThan(result.kappas[2].estimate!);
  });

  it("returns no figure for no judge", () => {
    const { input } = seeded(1);
    expect(crossedKappas(input, [], { replicates: 5 }).kappas).toEqual([]);
  });
});
