import type { AgreementData } from "./agreement-data";
import { emptyAgreementData } from "./agreement-data";

/** A unit for tests: its ratings as [rater, level] pairs, its judge score, and the rest defaulted. */
export type TestUnit = {
  ratings: [string, number][];
  score: number;
  persona?: string;
  criterion?: string;
  adjudicated?: number | null;
  gold?: number | null;
  wordCount?: number;
  day?: number;
  importId?: number | null;
};

/** AgreementData from a list of units, in the order given (turn ids 1, 2, …). */
export function testData(units: TestUnit[]): AgreementData {
  const data = emptyAgreementData();
  units.forEach((unit, u) => {
    data.units.turnId.push(u + 1);
    data.units.sessionId.push(100);
    data.units.persona.push(unit.persona ?? "thesis");
    data.units.criterion.push(unit.criterion ?? "overall");
    data.units.ratingCriterion.push(unit.criterion ?? "overall");
    data.units.wordCount.push(unit.wordCount ?? 50);
    data.units.score.push(unit.score);
    data.units.adjudicated.push(unit.adjudicated ?? null);
    data.units.gold.push(unit.gold ?? null);
    data.units.day.push(unit.day ?? 20_454);
    data.units.importId.push(unit.importId ?? null);
    for (const [rater, level] of unit.ratings) {
      data.ratings.unit.push(u);
      data.ratings.rater.push(rater);
      data.ratings.level.push(level);
    }
  });
  return data;
}

/** A score inside each level under the seed's cut-offs (0.50, 0.65, 0.80). */
export const SCORE_OF_LEVEL = { 1: 0.3, 2: 0.55, 3: 0.7, 4: 0.9 } as const;
export const SEED_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };
