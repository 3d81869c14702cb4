import { afterEach, describe, expect, it } from "vitest";
import { levelUnder } from "@/lib/calibration/propose-cutoffs";
import { normalSource, uniformSource } from "@/lib/stats/seeded-random";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { overallFromComponents } from "@/lib/thresholds/overall-from-components";
import { judgeConfigFor } from "@/lib/thresholds/weights";
import { findThresholdVersion } from "./find-threshold-version";
import { previewThresholds } from "./preview-thresholds";
import { proposeCalibration } from "./propose-calibration";
import { saveThresholdVersion } from "./save-threshold-version";
import { insertScoredSession, useScratchDatabase, type TurnSpec } from "./thresholds-test-data";

const PLANTED = { fair: 0.45, good: 0.6, excellent: 0.85 };
const SEED_CONFIG = judgeConfigFor(SEED_THRESHOLDS.weights);

/** Thesis turns with random metric scores; three annotators see each turn's level under the planted cut-offs, with a little noise. */
function plantedTurns(n: number, seed: number): TurnSpec[] {
  const uniform = uniformSource(seed);
  const normal = normalSource(uniform);
  const twoDecimals = (x: number) => Math.round(x * 100) / 100;
  return Array.from({ length: n }, () => {
    const turn = { personaId: "thesis", length: twoDecimals(uniform()), sentiment: twoDecimals(uniform() * 2 - 1), completeness: twoDecimals(uniform()), critical: null };
    const score = overallFromComponents(turn, "thesis", SEED_CONFIG);
    return { ...turn, ratings: [0, 1, 2].map(() => levelUnder(score + 0.02 * normal(), PLANTED)) };
  });
}

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await drop?.();
  drop = null;
});

describe("the calibration assistant", () => {
  it("recovers cut-offs planted at 0.45 / 0.60 / 0.85 from rated turns in the database", async () => {
    drop = await useScratchDatabase();
    await insertScoredSession(plantedTurns(900, 42));

    const result = await proposeCalibration();

    if (result.status !== "proposal") throw new Error(result.reason);
    const { cutoffs, kappaInSample, kappaCrossValidated, n, folds } = result.proposal;
    expect(n).toBe(900);
    expect(Math.abs(cutoffs.fair - 0.45)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(cutoffs.good - 0.6)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(cutoffs.excellent - 0.85)).toBeLessThanOrEqual(0.02);
    expect(kappaCrossValidated).not.toBeNull();
    expect(kappaCrossValidated!).toBeLessThanOrEqual(kappaInSample);
    expect(result.note).toBe(
      `Calibrated: maximises quadratic κ (in-sample ${kappaInSample.toFixed(2)}, ${folds}-fold ${kappaCrossValidated!.toFixed(2)}, n = 900)`,
    );
  });

  it("refuses politely when too few turns are rated", async () => {
    drop = await useScratchDatabase();
    await insertScoredSession(plantedTurns(12, 1));

    const result = await proposeCalibration();

    expect(result).toMatchObject({ status: "refused", n: 12, reason: "Calibration needs at least 30 rated turns; there are 12." });
  });
});

describe("the preview", () => {
  it("counts the turns and sessions whose level moves, and compares agreement before and after", async () => {
    drop = await useScratchDatabase();
    // Seed weights, thesis: overall = 0.2·length + 0.2·|sentiment| + 0.6·completeness.
    const first = await insertScoredSession([
      { personaId: "thesis", length: 1, sentiment: 0, completeness: 1, critical: null, ratings: [4] }, // 0.8 Excellent
      { personaId: "thesis", length: 1, sentiment: 0, completeness: 0.75, critical: null, ratings: [3, 2] }, // 0.65 Good; human 2
      { personaId: "thesis", length: 0, sentiment: 0, completeness: 0.9, critical: null, ratings: [1], adjudicated: 2 }, // 0.54 Fair
    ]);
    const second = await insertScoredSession([
      { personaId: "thesis", length: 0, sentiment: 0, completeness: 0.5, critical: null }, // 0.3 Poor
    ]);
    const base = await findThresholdVersion("active");

    const preview = await previewThresholds({ ...SEED_THRESHOLDS, cutoffs: { fair: 0.5, good: 0.7, excellent: 0.8 } });

    expect(preview).toMatchObject({ base: { id: base.id, version: 1, judgeVersion: "v1" }, draftJudgeVersion: "v1", isWeightsChanged: false });
    expect(preview.turns).toEqual({ total: 4, changed: 1, up: 0, down: 1 });
    expect(preview.examples.turns).toEqual([
      { turnId: first.turnIds[1], sessionId: first.sessionId, sessionKey: first.externalId, personaId: "thesis", before: { score: 0.65, level: 3 }, after: { score: 0.65, level: 2 } },
    ]);
    // Session 1's mean (0.8 + 0.65 + 0.54) / 3 = 0.663… is Good before and Fair after.
    expect(preview.sessions).toEqual({ total: 2, changed: 1 });
    expect(preview.examples.sessions.map((s) => [s.sessionId, s.before.level, s.after.level])).toEqual([[first.sessionId, 3, 2]]);
    expect(second.turnIds).toHaveLength(1);
    // Humans 4, 2, 2 (lower median of 3 and 2; adjudication replaces the 1): judge 4, 3, 2 before, 4, 2, 2 after.
    expect(preview.agreement.current.confusion[1]).toEqual([0, 1, 1, 0]);
    expect(preview.agreement.draft).toMatchObject({ n: 3, kappaUnweighted: 1, kappaQuadratic: 1 });
    expect(preview.agreement.current.kappaUnweighted).toBeLessThan(1);
    expect(preview.agreement.current.rho).toBe(preview.agreement.draft.rho);
  });

  it("rescores the draft's weights in memory without writing them", async () => {
    drop = await useScratchDatabase();
    await insertScoredSession([{ personaId: "synthesis", length: 1, sentiment: 0, completeness: 0.5, critical: null }]); // 0.55 Fair
    const weights = { ...SEED_THRESHOLDS.weights, synthesis: { length: 0.6, sentiment: 0, completeness: 0.4 } }; // 0.8 Excellent

    const preview = await previewThresholds({ cutoffs: SEED_THRESHOLDS.cutoffs, weights });

    expect(preview.isWeightsChanged).toBe(true);
    expect(preview.draftJudgeVersion).toMatch(/^v1-w/);
    expect(preview.examples.turns[0]).toMatchObject({ before: { score: 0.55, level: 2 }, after: { score: 0.8, level: 4 } });
    const base = await findThresholdVersion("active");
    expect(base.version).toBe(1);
  });

  it("stops when the editor no longer waits for it", async () => {
    drop = await useScratchDatabase();
    await insertScoredSession([{ personaId: "thesis", length: 1, sentiment: 0, completeness: 0.75, critical: null }]);
    const controller = new AbortController();
    controller.abort();

    await expect(previewThresholds(SEED_THRESHOLDS, { signal: controller.signal })).rejects.toThrow(/abort/i);
  });

  it("compares with the active version after a save", async () => {
    drop = await useScratchDatabase();
    await insertScoredSession([{ personaId: "thesis", length: 1, sentiment: 0, completeness: 0.75, critical: null }]); // 0.65
    const base = await findThresholdVersion("active");
    await saveThresholdVersion({ thresholds: { ...SEED_THRESHOLDS, cutoffs: { fair: 0.5, good: 0.7, excellent: 0.8 } }, note: "n", basedOnId: base.id, authorId: null });

    const preview = await previewThresholds(SEED_THRESHOLDS);

    expect(preview.base.version).toBe(2);
    expect(preview.examples.turns[0]).toMatchObject({ before: { level: 2 }, after: { level: 3 } });
  });
});
