import { describe, expect, it } from "vitest";
import { levelScaleToScore } from "@/lib/calibrated-judge/level-scale";
import { getDb } from "@/lib/server/db";
import { fitIsotonic, predictIsotonic } from "@/lib/stats/isotonic";
import { createThresholdVersion, plantTurns, uniqueName, type PlantedTurn } from "../agreement/test-helpers";
import { DomainError } from "../errors";
import { getActiveThresholds } from "../thresholds/get-active-thresholds";
import { createCalibratedJudge } from "./create-calibrated-judge";
import { getCalibrationReport } from "./get-calibration-report";
import { getTrustReport } from "../verdict/get-trust-report";
import { ppiMean } from "@/lib/stats/ppi";
import { levelOfScore } from "@/lib/thresholds/levels";

/** Six sessions of a judge that scores too high: rated turns, and one unrated turn each. */
async function plantSessions(judge: string, sessions: number) {
  const planted = [];
  for (let s = 0; s < sessions; s++) {
    const turns: PlantedTurn[] = [
      { score: 0.5 + 0.05 * s, ratings: [["ann", 1 + (s % 2)]] },
      { score: 0.8 + 0.02 * s, ratings: [["ann", 2 + (s % 3)]] },
      { score: 0.95, ratings: [["ann", 4], ["bob", 3]] },
      { score: 0.1 * s, ratings: [] },
    ];
    planted.push(await plantTurns(turns, { judge }));
  }
  return planted;
}

type Stored = { turnId: number; overallScore: number; metrics: { calibrated: { level: number; raw: number; out_of_fold: boolean } } };

describe("createCalibratedJudge", () => {
  it("cross-fits rated turns by session, maps the others with the mean of the fold maps, and stores scores through the cut-offs", async () => {
    const source = uniqueName("raw-judge");
    const planted = await plantSessions(source, 6);
    const judgeId = planted[0].judgeId;
    const name = uniqueName("calibrated");

    const created = await createCalibratedJudge({ name, source: judgeId });

    expect(created).toMatchObject({ name, version: "1", turns: 24 });
    expect(created.config).toMatchObject({ source: { id: judgeId, name: source, version: "1" }, method: "isotonic", folds: 5, nRated: 18, nSessions: 6, nUnrated: 6 });
    const { cutoffs } = await getActiveThresholds();
    const stored = (await getDb().judgeScore.findMany({ where: { judgeId: created.id }, orderBy: { turnId: "asc" } })) as unknown as Stored[];
    expect(stored).toHaveLength(24);

    // The reference, by hand: human level = lower median; sessions in ascending id to folds 0…4 in turn.
    const sessionIds = planted.map((p) => p.sessionId);
    const fold = new Map([...sessionIds].sort((a, b) => a - b).map((s, i) => [s, i % 5]));
    const rated = planted.flatMap((p) =>
      p.turnIds.slice(0, 3).map((turnId, t) => {
        const s = sessionIds.indexOf(p.sessionId);
        const score = [0.5 + 0.05 * s, 0.8 + 0.02 * s, 0.95][t];
        const human = [1 + (s % 2), 2 + (s % 3), 3][t];
        return { turnId, score, human, fold: fold.get(p.sessionId)! };
      }),
    );
    const full = fitIsotonic(rated.map((r) => r.score), rated.map((r) => r.human))!;
    expect(created.config.map).toEqual({ x: Array.from(full.x), y: Array.from(full.y) });
    for (const r of rated) {
      const train = rated.filter((o) => o.fold !== r.fold);
      const level = predictIsotonic(fitIsotonic(train.map((o) => o.score), train.map((o) => o.human))!, [r.score])[0];
      const row = stored.find((s) => s.turnId === r.turnId)!;
      expect(row.metrics.calibrated).toEqual({ level, raw: r.score, out_of_fold: true });
      expect(row.overallScore).toBe(levelScaleToScore(level, cutoffs));
    }
    // An unrated turn: the mean of the five fold maps (cross-prediction), not the full map.
    const foldMaps = [0, 1, 2, 3, 4].map((f) => {
      const train = rated.filter((o) => o.fold !== f);
      return fitIsotonic(train.map((o) => o.score), train.map((o) => o.human))!;
    });
    for (const p of planted) {
      const row = stored.find((s) => s.turnId === p.turnIds[3])!;
      const raw = 0.1 * sessionIds.indexOf(p.sessionId);
      const level = foldMaps.reduce((sum, map) => sum + predictIsotonic(map, [raw])[0], 0) / 5;
      expect(row.metrics.calibrated).toEqual({ level, raw, out_of_fold: false });
    }
    expect(created.config.outOfFold.maeRaw).not.toBeNull();

    // The report's section: the same out-of-fold figures, on the same rated turns.
    const section = await getCalibrationReport({ judge: name, judgeVersion: "1", criterion: "overall" });
    expect(section.calibrated).toMatchObject({ id: created.id, name, version: "1", source: { id: judgeId } });
    expect(section.figures).toMatchObject({ n: 18, ...created.config.outOfFold });
    expect(section.figures!.reliability.calibrated.reduce((n, bin) => n + bin.count, 0)).toBe(18);
    expect(section.thresholdVersion).toBe(created.config.thresholdVersion);
    // Under other cut-offs the section says which version the report uses, for the page to warn.
    const other = await createThresholdVersion({ fair: 0.3, good: 0.5, excellent: 0.7 });
    expect((await getCalibrationReport({ judge: name, judgeVersion: "1", criterion: "overall", thresholds: other })).thresholdVersion).toBe(other);
    expect(await getCalibrationReport({ judge: source, criterion: "overall" })).toMatchObject({ calibrated: null, figures: null });

    const again = await createCalibratedJudge({ name, source: judgeId });
    expect(again.version).toBe("2");
    expect(await getDb().judge.count({ where: { name, kind: "calibrated" } })).toBe(2);
  });

  it("refuses fewer than five rated sessions and a name of another kind of judge, leaving nothing behind", async () => {
    const source = uniqueName("few");
    const planted = await plantSessions(source, 4);
    const name = uniqueName("calibrated");
    const error = await createCalibratedJudge({ name, source: planted[0].judgeId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toMatch(/overall ratings in 4 sessions; calibrating needs rated turns in at least 5 sessions/);
    expect(await getDb().judge.count({ where: { name } })).toBe(0);

    const enough = await plantSessions(uniqueName("enough"), 5);
    const taken = await createCalibratedJudge({ name: source, source: enough[0].judgeId }).catch((e: unknown) => e);
    expect((taken as DomainError).code).toBe("conflict");
    await expect(createCalibratedJudge({ name, source: 999_999_999 })).rejects.toThrow(/No judge with id 999999999/);
  });

  it("is the predictor of the corrected quality estimate when picked as the judge: out-of-fold levels on rated turns, the fold maps' mean elsewhere", async () => {
    const planted = await plantSessions(uniqueName("ppi-source"), 5);
    const name = uniqueName("calibrated");
    const created = await createCalibratedJudge({ name, source: planted[0].judgeId });
    const { cutoffs } = await getActiveThresholds();
    const stored = (await getDb().judgeScore.findMany({ where: { judgeId: created.id }, orderBy: { turnId: "asc" } })) as unknown as Stored[];
    const humans = new Map(
      planted.flatMap((p, s) => p.turnIds.slice(0, 3).map((turnId, t) => [turnId, [1 + (s % 2), 2 + (s % 3), 3][t]] as const)),
    );
    const rated = stored.filter((row) => humans.has(row.turnId));
    const unrated = stored.filter((row) => !humans.has(row.turnId));
    expect(rated.every((row) => row.metrics.calibrated.out_of_fold)).toBe(true);
    expect(unrated.some((row) => row.metrics.calibrated.out_of_fold)).toBe(false);
    const want = ppiMean(
      rated.map((row) => humans.get(row.turnId)!),
      rated.map((row) => levelOfScore(row.overallScore, cutoffs)),
      unrated.map((row) => levelOfScore(row.overallScore, cutoffs)).sort((a, b) => a - b),
      { alpha: 0.05 },
    );
    const trust = await getTrustReport({ judge: name, criterion: "overall" });
    const corrected = trust.trust.quality.meanLevel.corrected;
    expect(corrected.nLabeled).toBe(15);
    expect(corrected.nUnlabeled).toBe(5);
    expect(corrected.mean).toBeCloseTo(want.mean!, 12);
    expect(corrected.ciLow).toBeCloseTo(want.ciLow!, 12);
    expect(corrected.ciHigh).toBeCloseTo(want.ciHigh!, 12);
  });
});
