import { describe, expect, it } from "vitest";
import { drawMultiplicities } from "@/lib/stats/crossed-bootstrap";
import { uniformSource } from "@/lib/stats/seeded-random";
import { selfEnhancement } from "./self-enhancement";
import { selfEnhancementSentence } from "./self-enhancement-report";

// Own-family turns (sessions 1, 2): judge (4, 3) vs people (3, 3); other turns (sessions 2, 3): judge (2, 3, 1) vs people (2, 2, 2).
const INPUT = {
  judge: [4, 3, 2, 3, 1],
  human: [3, 3, 2, 2, 2],
  isOwn: [true, true, false, false, false],
  cluster: [1, 2, 2, 3, 3],
};

describe("selfEnhancement", () => {
  it("gives each group's means, both gaps and their difference in levels", () => {
    const result = selfEnhancement(INPUT, { replicates: 10 });
    expect(result.own).toEqual({ n: 2, judge: 3.5, human: 3 });
    expect(result.other).toEqual({ n: 3, judge: 2, human: 2 });
    expect(result.judgeGap).toBe(1.5);
    expect(result.humanGap).toBe(1);
    expect(result.difference.value).toBe(0.5);
    expect(result.difference.nSessions).toBe(3);
  });

  it("draws sessions with replacement: one replicate equals the difference on the drawn data written out", () => {
    const seed = 7;
    const weights = new Int32Array(3);
    drawMultiplicities(weights, uniformSource(seed));
    // Write the replicate out: each unit repeated as often as its session was drawn (sessions in order of first appearance: 1, 2, 3).
    const index = new Map([[1, 0], [2, 1], [3, 2]]);
    const own: number[] = [];
    const other: number[] = [];
    INPUT.judge.forEach((j, u) => {
      for (let c = 0; c < weights[index.get(INPUT.cluster[u])!]; c++) (INPUT.isOwn[u] ? own : other).push(j - INPUT.human[u]);
    });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const result = selfEnhancement(INPUT, { replicates: 1, seed });
    // Seed 7 draws session 1 twice, session 2 never, session 3 once: own (1, 1), other (1, −1).
    expect(Array.from(weights)).toEqual([2, 0, 1]);
    expect(mean(own) - mean(other)).toBe(1);
    expect(result.difference.ci).toEqual([1, 1]);
    expect(result.difference.nDefined).toBe(1);
  });

  it("says the judge favours its family when every replicate does, and is deterministic for a seed", () => {
    // 20 sessions, each with one own turn the judge puts one level above people and one other turn it rates as they do.
    const judge: number[] = [];
    const human: number[] = [];
    const isOwn: boolean[] = [];
    const cluster: number[] = [];
    for (let s = 0; s < 20; s++) {
      judge.push(3, 2);
      human.push(2, 2);
      isOwn.push(true, false);
      cluster.push(s, s);
    }
    const a = selfEnhancement({ judge, human, isOwn, cluster });
    expect(a.difference.value).toBe(1);
    expect(a.difference.ci).toEqual([1, 1]);
    expect(a.difference.nDefined).toBe(2000);
    expect(a.verdict).toBe("favours");
    expect(selfEnhancement({ judge, human, isOwn, cluster })).toEqual(a);
  });

  it("returns null figures when no turn is of the judge's family", () => {
    const result = selfEnhancement({ judge: [3, 2], human: [3, 3], isOwn: [false, false], cluster: [1, 2] });
    expect(result.own).toEqual({ n: 0, judge: null, human: null });
    expect(result.judgeGap).toBeNull();
    expect(result.difference).toMatchObject({ value: null, ci: null, nDefined: 0 });
    expect(result.verdict).toBeNull();
  });

  it("refuses arrays of different lengths", () => {
    expect(() => selfEnhancement({ judge: [1], human: [1, 2], isOwn: [true], cluster: [1] })).toThrow(RangeError);
  });
});

describe("selfEnhancementSentence", () => {
  const base = selfEnhancement(INPUT, { replicates: 10 });
  it("reads the difference in levels with its interval and what the interval says", () => {
    expect(selfEnhancementSentence({ ...base, difference: { ...base.difference, value: 0.31, ci: [0.12, 0.5] }, verdict: "favours" })).toBe(
      "This judge scores its own family's answers 0.31 levels higher than people do [0.12, 0.50]: it favours its own family.",
    );
    expect(selfEnhancementSentence({ ...base, difference: { ...base.difference, value: -0.2, ci: [-0.45, 0.05] }, verdict: "inconclusive" })).toBe(
      "This judge scores its own family's answers 0.20 levels lower than people do [\u22120.45, 0.05]: the interval holds 0, so this may be chance.",
    );
    expect(selfEnhancementSentence({ ...base, difference: { ...base.difference, value: 1, ci: null }, verdict: null })).toBe(
      "This judge scores its own family's answers 1.00 level higher than people do: too few sessions for an interval.",
    );
  });
});
