import { describe, expect, it } from "vitest";
import { krippendorffAlpha, type Rating } from "@/lib/stats";
import { uniformSource } from "@/lib/stats/seeded-random";
import { emptyAgreementData } from "./agreement-data";
import { buildPairs } from "./build-pairs";
import { humanCeiling } from "./human-ceiling";

const CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };

describe("humanCeiling's Krippendorff α", () => {
  it("equals krippendorffAlpha (ordinal) on the same units exactly, single ratings left out", () => {
    const uniform = uniformSource(99);
    const data = emptyAgreementData();
    const rows: Rating[][] = Array.from({ length: 5 }, () => []);
    for (let u = 0; u < 3000; u++) {
      data.units.turnId.push(u + 1);
      data.units.sessionId.push(1);
      data.units.persona.push("thesis");
      data.units.criterion.push("overall");
      data.units.ratingCriterion.push("overall");
      data.units.wordCount.push(10);
      data.units.score.push(uniform());
      data.units.adjudicated.push(null);
      data.units.gold.push(null);
      data.units.day.push(20_000);
      data.units.importId.push(null);
      const m = 1 + Math.floor(uniform() * 5);
      const base = 1 + Math.floor(uniform() * 4);
      for (let r = 0; r < m; r++) {
        const level = Math.min(5, Math.max(1, base + Math.round((uniform() - 0.5) * 2.4)));
        data.ratings.unit.push(u);
        data.ratings.rater.push(`a:${(u + r * 7) % 11}`);
        data.ratings.level.push(level);
        if (m >= 2) rows[r][u] = level;
      }
    }
    for (const row of rows) for (let u = 0; u < 3000; u++) row[u] ??= null;
    const expected = krippendorffAlpha(rows, "ordinal");

    const { alpha } = humanCeiling(buildPairs(data, CUTOFFS));

    expect(expected.value).not.toBeNull();
    expect(alpha.value).toBe(expected.value);
    expect(alpha.nPairable).toBe(expected.nPairable);
  });
});
