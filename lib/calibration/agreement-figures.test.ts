import { describe, expect, it } from "vitest";
import { agreementFigures } from "./agreement-figures";

const SEED = { fair: 0.5, good: 0.65, excellent: 0.8 };

describe("agreementFigures", () => {
  it("is perfect when the judge's levels and ranks match the humans'", () => {
    const figures = agreementFigures(
      [
        { score: 0.9, level: 4 },
        { score: 0.7, level: 3 },
        { score: 0.55, level: 2 },
        { score: 0.3, level: 1 },
      ],
      SEED,
    );

    expect(figures).toMatchObject({ n: 4, kappaQuadratic: 1, kappaUnweighted: 1, rho: 1, tau: 1 });
  });

  it("matches a worked example: κ = 2/3, κ_q = 7/8, ρ = 0.8, τ-b = 2/3", () => {
    // Judge levels 2, 2, 3, 4 against human levels 1, 2, 3, 4; one discordant pair of scores.
    const figures = agreementFigures(
      [
        { score: 0.6, level: 1 },
        { score: 0.55, level: 2 },
        { score: 0.7, level: 3 },
        { score: 0.85, level: 4 },
      ],
      SEED,
    );

    expect(figures.kappaUnweighted).toBeCloseTo(2 / 3, 12);
    expect(figures.kappaQuadratic).toBeCloseTo(7 / 8, 12);
    expect(figures.rho).toBeCloseTo(0.8, 12);
    expect(figures.tau).toBeCloseTo(2 / 3, 12);
    expect(figures.confusion).toEqual([
      [0, 1, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ]);
  });

  it("returns null figures, not NaN, when there is no pair", () => {
    expect(agreementFigures([], SEED)).toMatchObject({ n: 0, kappaQuadratic: null, kappaUnweighted: null, rho: null, tau: null });
  });
});
