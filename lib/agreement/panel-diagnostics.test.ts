import { describe, expect, it } from "vitest";
import { cohenKappa } from "@/lib/stats/cohen-kappa";
import { effectiveJudges, errorCorrelation, numericErrors } from "@/lib/stats/panel";
import { uniformSource } from "@/lib/stats/seeded-random";
import { panelDiagnostics, type PanelInput } from "./panel-diagnostics";

const LABELS = [1, 2, 3, 4];

/** A seeded panel: three members sharing part of their error (a common shift) and each adding its own. */
function synthetic(seed: number, sessions = 30, perSession = 4): PanelInput {
  const uniform = uniformSource(seed);
  const clip = (v: number) => Math.min(4, Math.max(1, Math.round(v)));
  const human: number[] = [];
  const cluster: number[] = [];
  const levels: number[][] = [[], [], []];
  for (let s = 0; s < sessions; s++) {
    for (let t = 0; t < perSession; t++) {
      const truth = 1 + Math.floor(uniform() * 4);
      const shared = uniform() < 0.3 ? (uniform() < 0.5 ? -1 : 1) : 0;
      human.push(truth);
      cluster.push(500 + s);
      levels.forEach((level, m) => level.push(clip(truth + shared + (uniform() < 0.15 * (m + 1) ? (uniform() < 0.5 ? -1 : 1) : 0))));
    }
  }
  const panel = human.map((_, u) => clip((levels[0][u] + levels[1][u] + levels[2][u]) / 3));
  return { members: ["a", "b", "c"], human, panel, levels, cluster, labels: LABELS };
}

describe("panelDiagnostics", () => {
  const input = synthetic(4);
  const result = panelDiagnostics(input, { replicates: 400 });

  it("gives each member's and the panel's quadratic κ as cohenKappa does", () => {
    expect(result.panelKappa).toBe(cohenKappa(input.human, input.panel, LABELS).quadratic.value);
    expect(result.memberKappa).toEqual(input.levels.map((level) => cohenKappa(input.human, level, LABELS).quadratic.value));
    expect(result.agreement[0][1]).toBe(cohenKappa(input.levels[0], input.levels[1], LABELS).quadratic.value);
    expect(result.agreement[2][2]).toBe(1);
  });

  it("correlates the members' errors against the human level and gives n_eff below k for shared errors", () => {
    const expected = errorCorrelation(input.levels.map((level) => numericErrors(input.human, level)));
    expect(result.errorCorrelation).toEqual(expected);
    expect(result.nEff).toBe(effectiveJudges(3, expected.mean));
    expect(result.errorCorrelation.mean!).toBeGreaterThan(0.2);
    expect(result.nEff!).toBeLessThan(2.5);
  });

  it("picks the best member and bootstraps the panel's lead over sessions, the same draw for both", () => {
    expect(result.best).toBe(result.memberKappa.indexOf(Math.max(...result.memberKappa.map((k) => k ?? -Infinity))));
    expect(result.difference.value).toBeCloseTo(result.panelKappa! - result.memberKappa[result.best!]!, 14);
    // One replicate written out: sessions drawn as the implementation draws them, units repeated.
    const one = panelDiagnostics(input, { replicates: 1, seed: 77 });
    const uniform = uniformSource(77);
    const sessions = [...new Set(Array.from(input.cluster))];
    const draws = sessions.map(() => sessions[Math.floor(uniform() * sessions.length)]);
    const pick = (values: ArrayLike<number>) => draws.flatMap((s) => Array.from(values).filter((_, u) => input.cluster[u] === s));
    const human = pick(input.human);
    const expected = cohenKappa(human, pick(input.panel), LABELS).quadratic.value! - cohenKappa(human, pick(input.levels[one.best!]), LABELS).quadratic.value!;
    expect(one.difference.ci![0]).toBeCloseTo(expected, 12);
    expect(one.difference.ci![1]).toBeCloseTo(expected, 12);
  });

  it("says inconclusive when the interval holds 0, better or worse when it does not", () => {
    const { ci, verdict } = result.difference;
    expect(verdict).toBe(ci![0] > 0 ? "better" : ci![1] < 0 ? "worse" : "inconclusive");
    const same = panelDiagnostics({ ...input, panel: input.levels[0], levels: [input.levels[0], input.levels[0]], members: ["a", "a2"] }, { replicates: 50 });
    expect(same.difference).toMatchObject({ value: 0, ci: [0, 0], verdict: "inconclusive" });
    expect(same.nEff).toBe(1);
  });
});
