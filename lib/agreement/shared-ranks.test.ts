import { describe, expect, it } from "vitest";
import { cohenKappa, kappaFromConfusion, spearmanCorrelation } from "@/lib/stats";
import { uniformSource } from "@/lib/stats/seeded-random";
import { breakdowns, weekStart } from "./breakdowns";
import { buildPairs, ratingLevels, type AgreementPairs } from "./build-pairs";
import { buildAgreementReport } from "./build-report";
import { disagreements } from "./disagreements";
import { agreementFigures, subset } from "./figures";
import { humanCeiling } from "./human-ceiling";
import { groupScoreRanks, humanRanks, scoreRanks, spearmanOfRanks, wordRanks } from "./shared-ranks";
import { testData, type TestUnit } from "./test-data";

const CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };

/** 3,000 units with many tied scores (hundredths and a few exact ties across groups), 1–3 ratings by 7 raters. */
function units(): TestUnit[] {
  const uniform = uniformSource(20);
  return Array.from({ length: 3000 }, (_, u) => {
    const score = uniform() < 0.3 ? [0.5, 0.65, 0.8][Math.floor(uniform() * 3)] : Math.round(uniform() * 100) / 100;
    const k = 1 + Math.floor(uniform() * 3);
    const raters = ["ann", "bo", "cy", "dee", "eve", "fay", "gus"].sort(() => uniform() - 0.5).slice(0, k);
    return {
      score,
      ratings: raters.map((r): [string, number] => [r, 1 + Math.floor(uniform() * 4)]),
      persona: ["thesis", "antithesis", "synthesis"][u % 3],
      criterion: u % 7 === 0 ? "clarity" : "overall",
      adjudicated: uniform() < 0.05 ? 1 + Math.floor(uniform() * 4) : null,
      wordCount: 20 + Math.floor(uniform() * 300),
      day: 20_000 + Math.floor(u / 20),
      importId: u % 5 === 0 ? null : 1 + (u % 4),
    };
  });
}

function pairsOf(): AgreementPairs {
  return buildPairs(testData(units()), CUTOFFS);
}

describe("ranks shared across the report's figures", () => {
  it("ranks each group's scores as ranking that group's scores alone does", () => {
    const pairs = pairsOf();
    const group = Int32Array.from({ length: pairs.n }, (_, u) => u % 5);
    const ranks = groupScoreRanks(pairs, group);
    for (let g = 0; g < 5; g++) {
      const members = Array.from({ length: pairs.n }, (_, u) => u).filter((u) => group[u] === g);
      const alone = spearmanCorrelation(subset(pairs.human, members, Int32Array), subset(pairs.units.score, members, Float64Array));
      const shared = spearmanOfRanks(
        subset(pairs.human, members, Int32Array),
        subset(pairs.units.score, members, Float64Array),
        subset(humanRanksOf(pairs, members), undefined, Float64Array),
        subset(ranks, members, Float64Array),
      );
      expect(shared).toEqual(alone);
      expect(alone.value).not.toBeNull();
    }
  });

  it("gives the headline and the length-bias ρ exactly as spearmanCorrelation does", () => {
    const pairs = pairsOf();
    const score = Float64Array.from(pairs.units.score);
    const words = Float64Array.from(pairs.units.wordCount);
    expect(spearmanOfRanks(pairs.human, score, humanRanks(pairs), scoreRanks(pairs))).toEqual(spearmanCorrelation(pairs.human, score));
    expect(spearmanOfRanks(score, words, scoreRanks(pairs), wordRanks(pairs))).toEqual(spearmanCorrelation(score, words));
    const { report } = buildAgreementReport({ ...testData(units()), pairwise: { pass1: [], pass2: [], winner: [], human: [], confidence: [] } }, CUTOFFS);
    expect(report.headline.spearman).toEqual(spearmanCorrelation(pairs.human, score));
    expect(report.bias.length.human).toEqual(spearmanCorrelation(pairs.human, words));
  });

  it("gives every breakdown group the figures agreementFigures computes for that group on its own", () => {
    const pairs = pairsOf();
    const { confusion: _confusion, ...whole } = agreementFigures(pairs);
    const tables = breakdowns(pairs, whole);
    const keyed: [typeof tables.byPersona, (u: number) => string][] = [
      [tables.byPersona, (u) => pairs.units.persona[u]],
      [tables.byCriterion, (u) => pairs.units.criterion[u]],
      [tables.overTime.byWeek, (u) => weekStart(pairs.units.day[u])],
      [tables.overTime.byImport, (u) => (pairs.units.importId[u] === null ? "none" : String(pairs.units.importId[u]))],
    ];
    for (const [rows, keyOf] of keyed) {
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        const members = Array.from({ length: pairs.n }, (_, u) => u).filter((u) => keyOf(u) === row.key);
        const { confusion: _c, ...alone } = agreementFigures(pairs, members, { kendall: false });
        expect(row).toEqual({ key: row.key, ...alone });
      }
    }
  });
});

describe("the disagreement lists", () => {
  it("are the first 25 of all disagreeing units sorted in full, with their totals", () => {
    const pairs = pairsOf();
    const { human, judgeLevel, spread, nRatings } = pairs;
    const gap = (u: number) => Math.abs(judgeLevel[u] - human[u]);
    const all = Array.from({ length: pairs.n }, (_, u) => u);
    const judge = all.filter((u) => judgeLevel[u] !== human[u]);
    judge.sort((a, b) => gap(b) - gap(a) || spread[b] - spread[a] || a - b);
    const among = all.filter((u) => nRatings[u] >= 2 && spread[u] > 0);
    const adjudicated = (u: number) => (pairs.units.adjudicated[u] === null ? 0 : 1);
    among.sort((a, b) => adjudicated(a) - adjudicated(b) || spread[b] - spread[a] || gap(b) - gap(a) || a - b);
    const lists = disagreements(pairs);
    expect(lists.judgeVsHuman.total).toBe(judge.length);
    expect(lists.judgeVsHuman.rows.map((row) => row.turnId)).toEqual(judge.slice(0, 25).map((u) => u + 1));
    expect(lists.amongHumans.total).toBe(among.length);
    expect(lists.amongHumans.rows.map((row) => row.turnId)).toEqual(among.slice(0, 25).map((u) => u + 1));
    expect(lists.amongHumans.rows[0].levels).toEqual(ratingLevels(pairs, among[0]));
    expect(disagreements(pairs, 0).judgeVsHuman).toEqual({ total: judge.length, rows: [] });
  });
});

describe("the human ceiling's rater pairs", () => {
  it("count each pair of raters' levels on the units both rated, as a direct count does", () => {
    const pairs = pairsOf();
    const ceiling = humanCeiling(pairs);
    const levelsBy = (u: number) => {
      const byRater = new Map<string, number>();
      for (let i = pairs.offsets[u]; i < pairs.offsets[u + 1]; i++) byRater.set(pairs.raters[pairs.raterOf[i]], pairs.levelOf[i]);
      return byRater;
    };
    expect(ceiling.raterPairs.length).toBe(21);
    for (const pair of ceiling.raterPairs) {
      const a: number[] = [];
      const b: number[] = [];
      for (let u = 0; u < pairs.n; u++) {
        const levels = levelsBy(u);
        if (levels.has(pair.a) && levels.has(pair.b)) {
          a.push(levels.get(pair.a)!);
          b.push(levels.get(pair.b)!);
        }
      }
      const direct = cohenKappa(a, b, pairs.labels);
      expect([pair.n, pair.unweighted, pair.quadratic]).toEqual([a.length, direct.unweighted.value, kappaFromConfusion(direct.matrix, "quadratic").value]);
    }
  });
});

function humanRanksOf(pairs: AgreementPairs, members: number[]): Float64Array {
  return spearmanRanks(subset(pairs.human, members, Int32Array));
}

/** Average ranks, 1…n, ties sharing their mean rank, by a plain sort (the reference). */
function spearmanRanks(values: ArrayLike<number>): Float64Array {
  const order = Array.from({ length: values.length }, (_, i) => i).sort((a, b) => values[a] - values[b]);
  const ranks = new Float64Array(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values[order[end]] === values[order[start]]) end++;
    for (let k = start; k < end; k++) ranks[order[k]] = (start + 1 + end) / 2;
    start = end;
  }
  return ranks;
}
