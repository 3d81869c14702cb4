import { describe, expect, it } from "vitest";
import { weightedAgreement, type WeightedUnit } from "./weighted-agreement";

const unit = (human: number, judge: number, probability: number | null, isEscalated = false, ratedDay: number | null = 20_454): WeightedUnit => ({
  human,
  judge,
  probability,
  isEscalated,
  ratedDay,
});

describe("the weighted agreement section", () => {
  it("weights each sampled item by 1/π: an escalated item served at π = 0.5 counts 1/10 of one served at 0.05", () => {
    // Agreement: 1 (π 0.5), 0 (π 0.05), 1 (π 0.05); unweighted 2/3, weighted (2 + 0 + 20)/(2 + 20 + 20) = 22/42.
    const report = weightedAgreement([unit(3, 3, 0.5, true), unit(2, 4, 0.05), unit(1, 1, 0.05), unit(4, 4, null)], [0, 0, 0, 0]);
    const agreement = report.figures.find((f) => f.key === "agreement")!;
    expect(agreement.unweighted.mean).toBeCloseTo(2 / 3, 15);
    expect(agreement.weighted.mean).toBeCloseTo(22 / 42, 15);
    expect(report.figures.find((f) => f.key === "absoluteGap")!.weighted.mean).toBeCloseTo((0 * 2 + 2 * 20 + 0 * 20) / 42, 15);
    expect(report).toMatchObject({ nRated: 4, nSampled: 3, nEscalated: 1 });
  });

  it("groups disagreement by ISO week, escalated apart from the random sample", () => {
    // Day 20454 is Thursday 2026-01-01 → week of Monday 2025-12-29; day 20461 the next Thursday.
    const report = weightedAgreement(
      [unit(3, 2, 0.5, true, 20_454), unit(3, 3, 0.5, true, 20_455), unit(2, 2, 0.01, false, 20_454), unit(2, 2, 0.5, true, 20_461), unit(1, 2, 0.01, false, 20_461)],
      [0, 0, 0, 0],
    );
    expect(report.feedback).toEqual([
      { weekStart: "2025-12-29", escalated: { n: 2, disagreement: 0.5 }, sampled: { n: 1, disagreement: 0 } },
      { weekStart: "2026-01-05", escalated: { n: 1, disagreement: 0 }, sampled: { n: 1, disagreement: 1 } },
    ]);
  });

  it("has no figures and no corrected estimate when no item was served by the sampled design", () => {
    const report = weightedAgreement([unit(3, 3, null)], [5, 0, 0, 0]);
    expect(report.quality).toBeNull();
    expect(report.figures[0].weighted).toEqual({ mean: null, ciLow: null, ciHigh: null });
    expect(report.feedback).toEqual([]);
  });
});
