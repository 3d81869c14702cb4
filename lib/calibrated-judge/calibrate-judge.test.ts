import { describe, expect, it } from "vitest";
import { fitIsotonic, predictIsotonic } from "@/lib/stats/isotonic";
import { levelOfScore } from "@/lib/thresholds/levels";
import { calibrateJudge, calibrationFigures, reliabilityBins, sessionFolds } from "./calibrate-judge";
import { levelScaleToScore, scoreToLevelScale } from "./level-scale";

const CUTOFFS = { fair: 0.4, good: 0.6, excellent: 0.8 };

describe("the bridge between scores and levels", () => {
  it("puts each cut-off half-way between its two levels", () => {
    expect([0, 0.4, 0.6, 0.8, 1].map((s) => scoreToLevelScale(s, CUTOFFS))).toEqual([1, 1.5, 2.5, 3.5, 4]);
    expect(scoreToLevelScale(0.5, CUTOFFS)).toBe(2);
    expect(scoreToLevelScale(1.7, CUTOFFS)).toBe(4);
    expect(scoreToLevelScale(-0.2, CUTOFFS)).toBe(1);
  });

  it("turns a calibrated level into a score whose level is the nearest, half up", () => {
    const cases: [number, number][] = [[1, 1], [1.49, 1], [1.5, 2], [2.2, 2], [2.5, 3], [3.49, 3], [3.5, 4], [4, 4]];
    for (const [level, expected] of cases) expect(levelOfScore(levelScaleToScore(level, CUTOFFS), CUTOFFS)).toBe(expected);
  });

  it("copes with a cut-off at 0 or at 1", () => {
    const edge = { fair: 0, good: 0.5, excellent: 1 };
    expect(scoreToLevelScale(0, edge)).toBe(1.5);
    expect(scoreToLevelScale(1, edge)).toBe(4);
    expect(scoreToLevelScale(0.25, edge)).toBe(2);
    expect(levelScaleToScore(1.2, edge)).toBe(0);
  });
});

describe("calibrating a judge with folds by session", () => {
  const sessionId = [5, 5, 9, 2, 2, 7, 3, 3, 11, 9, 7, 2];
  const score = [0.1, 0.3, 0.2, 0.5, 0.45, 0.7, 0.65, 0.9, 0.85, 0.6, 0.3, 0.95];
  const human = [1, 2, 1, 2, 3, 3, 3, 4, 4, 2, 2, 4];

  it("keeps every session in one fold, sessions in ascending id dealt in turn", () => {
    const folds = sessionFolds(sessionId)!;
    // sessions 2, 3, 5, 7, 9, 11 → folds 0, 1, 2, 3, 4, 0
    expect(Array.from(folds.fold)).toEqual([2, 2, 4, 0, 0, 3, 1, 1, 0, 4, 3, 0]);
    expect(folds.nSessions).toBe(6);
    expect(sessionFolds([1, 1, 2, 3, 4])).toBeNull();
  });

  it("gives each rated turn the value of a map fitted without its session", () => {
    const fit = calibrateJudge({ sessionId, score, human }, [0.05, 0.55, 0.99])!;
    for (let i = 0; i < sessionId.length; i++) {
      const fold = sessionFolds(sessionId)!.fold;
      const train = sessionId.flatMap((s, j) => (fold[j] !== fold[i] ? [j] : []));
      expect(train.some((j) => sessionId[j] === sessionId[i])).toBe(false);
      const map = fitIsotonic(train.map((j) => score[j]), train.map((j) => human[j]))!;
      expect(fit.ratedLevel[i]).toBe(predictIsotonic(map, [score[i]])[0]);
      expect(train).not.toContain(i);
    }
    // The unrated turns: the mean of the five fold maps, each fitted without one fold.
    const fold = sessionFolds(sessionId)!.fold;
    const unrated = [0.05, 0.55, 0.99];
    const expected = unrated.map((x) => {
      let sum = 0;
      for (let f = 0; f < 5; f++) {
        const train = sessionId.flatMap((_, j) => (fold[j] !== f ? [j] : []));
        sum += predictIsotonic(fitIsotonic(train.map((j) => score[j]), train.map((j) => human[j]))!, [x])[0];
      }
      return sum / 5;
    });
    expect(Array.from(fit.unratedLevel)).toEqual(expected);
    const full = fitIsotonic(score, human)!;
    expect(fit.map).toEqual(full);
    expect(fit.nSessions).toBe(6);
  });

  it("refuses fewer than five rated sessions", () => {
    expect(calibrateJudge({ sessionId: [1, 2, 3, 4], score: [0.1, 0.2, 0.3, 0.4], human: [1, 2, 3, 4] }, [])).toBeNull();
  });
});

describe("the raw judge against its calibrated version", () => {
  it("measures both on the level scale and their levels under the cut-offs", () => {
    const figures = calibrationFigures({ human: [1, 2, 4, 3], rawScore: [0.2, 0.5, 0.6, 1], calibratedLevel: [1, 2, 3.6, 3.4] }, CUTOFFS, [1, 2, 3, 4]);
    // raw on the level scale: 1.25, 2, 2.5, 4 → |errors| 0.25, 0, 1.5, 1
    expect(figures.maeRaw).toBe(2.75 / 4);
    expect(figures.mae).toBeCloseTo((0 + 0 + 0.4 + 0.4) / 4, 15);
    expect(figures.kappa).toBe(1);
    expect(figures.kappaRaw).toBeLessThan(1);
    expect(figures.n).toBe(4);
  });

  it("bins predictions by half a level and averages both sides", () => {
    const bins = reliabilityBins([1, 1.2, 2.6, 4, 4.2], [1, 2, 3, 4, 3]);
    expect(bins.map((b) => b.count)).toEqual([2, 0, 0, 1, 0, 2]);
    expect(bins[0]).toEqual({ lower: 1, upper: 1.5, count: 2, meanPredicted: 1.1, meanHuman: 1.5 });
    expect(bins[1].meanHuman).toBeNull();
    expect(bins[5].meanHuman).toBe(3.5);
  });
});
