import { afterEach, describe, expect, it, vi } from "vitest";
import { fitWeights, type WeightFit } from "@/lib/calibration/fit-weights";
import { PLANTED, plantedTurns } from "@/lib/calibration/planted-weight-turns";
import { claimJob } from "@/lib/server/jobs/claim-job";
import { finishJob } from "@/lib/server/jobs/finish-job";
import { findThresholdVersion } from "@/lib/server/thresholds/find-threshold-version";
import { insertScoredSession, useScratchDatabase } from "@/lib/server/thresholds/thresholds-test-data";
import { getWeightFitState, runWeightFitJob, WEIGHT_FIT_JOB_KIND } from "@/lib/server/thresholds/weight-fit-job";
import { levelOfScore } from "@/lib/thresholds/levels";
import { overallFromComponents } from "@/lib/thresholds/overall-from-components";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { judgeConfigFor } from "@/lib/thresholds/weights";
import { createTestUser } from "@/scripts/test/factories";
import { run } from "./calibrate-weights.ts";

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { code: await run(args), stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await drop?.();
  drop = null;
});

/** 80 sessions of 5 rated turns whose human levels follow the planted weights; returns the turns as the fit sees them. */
async function insertPlantedSessions() {
  const turns = plantedTurns({ sessions: 80, turnsPerSession: 5, noise: 0.03, seed: 21 });
  const stored = [];
  for (let s = 0; s < 80; s++) {
    const session = turns.slice(s * 5, s * 5 + 5);
    const { sessionId } = await insertScoredSession(
      session.map((turn) => ({
        personaId: turn.personaId,
        length: turn.length,
        sentiment: turn.sentiment,
        completeness: turn.completeness,
        critical: turn.personaId === "antithesis" ? turn.critical : null,
        ratings: [turn.level],
      })),
    );
    stored.push(...session.map((turn) => ({ ...turn, sessionId })));
  }
  return stored;
}

describe("concord calibrate weights", () => {
  it("prints the fit of the rated turns in the database, the same as the fit computed directly, and applies it", async () => {
    drop = await useScratchDatabase();
    const admin = await createTestUser("admin");
    const turns = await insertPlantedSessions();

    const shown = await cli();

    expect(shown.stderr).toBe("");
    expect(shown.code).toBe(0);
    const json = JSON.parse(shown.stdout);
    const direct = fitWeights(turns, { current: SEED_THRESHOLDS }) as WeightFit;
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(["personas", "cutoffs", "out_of_fold", "verdict", "turns_changing_level", "n_turns", "n_sessions"]),
    );
    expect(json.n_turns).toBe(400);
    expect(json.n_sessions).toBe(80);
    expect(json.cutoffs).toEqual({ current: SEED_THRESHOLDS.cutoffs, proposed: direct.proposal.cutoffs });
    for (const persona of ["thesis", "antithesis", "synthesis", "default"]) {
      expect(json.personas[persona].current).toEqual(SEED_THRESHOLDS.weights[persona]);
      expect(json.personas[persona].proposed).toEqual(direct.proposal.weights[persona]);
    }
    for (const [persona, planted] of Object.entries(PLANTED)) {
      expect(Math.abs(json.personas[persona].proposed.completeness - planted.completeness)).toBeLessThanOrEqual(0.1);
    }
    expect(json.out_of_fold).toEqual({
      kappa_current: direct.outOfFold!.kappaCurrent,
      kappa_proposed: direct.outOfFold!.kappaProposed,
      difference: direct.outOfFold!.difference,
      ci_low: direct.outOfFold!.ciLow,
      ci_high: direct.outOfFold!.ciHigh,
      folds: 5,
      replicates: direct.outOfFold!.replicates,
    });
    expect(json.verdict).toBe("better than today");
    const proposedConfig = judgeConfigFor(direct.proposal.weights);
    const changing = turns.filter((turn) => {
      const critical = turn.personaId === "antithesis" ? turn.critical : null;
      const after = overallFromComponents({ ...turn, critical }, turn.personaId, proposedConfig);
      return levelOfScore(turn.currentScore, SEED_THRESHOLDS.cutoffs) !== levelOfScore(after, direct.proposal.cutoffs);
    }).length;
    expect(json.turns_changing_level).toBe(changing);
    expect(changing).toBeGreaterThan(0);

    const applied = await cli("--apply", "--author", admin.email);

    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.stdout).applied.version).toBe(2);
    const active = await findThresholdVersion("active");
    expect(active.version).toBe(2);
    expect(active.cutoffs).toEqual(direct.proposal.cutoffs);
    expect(active.weights.thesis).toEqual(direct.proposal.weights.thesis);
    expect(active.note).toMatch(/^Fitted weights: maximise quadratic κ/);
  }, 120_000);

  it("runs as a background job whose stored report the thresholds page reads", async () => {
    drop = await useScratchDatabase();
    await insertPlantedSessions();

    const idle = await getWeightFitState();
    const started = await getWeightFitState({ start: true });
    const again = await getWeightFitState({ start: true });
    const job = await claimJob({ workerId: "test", kinds: [WEIGHT_FIT_JOB_KIND], leaseMs: 60_000 });
    const outcome = await runWeightFitJob(job!, { workerId: "test", signal: new AbortController().signal, isStopping: () => false });
    await finishJob(job!.id, "test");
    const ready = await getWeightFitState();

    expect(idle).toEqual({ status: "idle" });
    expect(started).toEqual({ status: "computing", done: 0, total: 30 });
    expect(again.status).toBe("computing");
    expect(await claimJob({ workerId: "test", kinds: [WEIGHT_FIT_JOB_KIND], leaseMs: 60_000 })).toBeNull();
    expect(outcome).toBe("done");
    expect(ready.status).toBe("ready");
    if (ready.status !== "ready" || ready.report.status !== "proposal") throw new Error("no proposal");
    expect(ready.report.base.version).toBe(1);
    expect(ready.report.fit.nTurns).toBe(400);
    expect(ready.report.turnsTotal).toBe(400);
  }, 120_000);

  it("exits 1 naming the option on bad input, and refuses with the count on too few ratings", async () => {
    drop = await useScratchDatabase();
    const rater = await createTestUser("rater");
    await insertScoredSession([{ personaId: "thesis", length: 1, sentiment: 0, completeness: 0.5, critical: null, ratings: [3] }]);

    const badSeed = await cli("--seed", "abc");
    const authorAlone = await cli("--author", "x@example.com");
    const notAdmin = await cli("--apply", "--author", rater.email);
    const unknown = await cli("--colour", "blue");
    const refused = await cli();

    expect(badSeed).toEqual({ code: 1, stdout: "", stderr: 'concord calibrate weights: --seed: expected a whole number from 0 to 4294967295, found "abc"\n' });
    expect(authorAlone.stderr).toBe("concord calibrate weights: --author is only used with --apply\n");
    expect(notAdmin.stderr).toBe(`concord calibrate weights: --author: ${rater.email} is a rater; only admins change thresholds\n`);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown option '--colour'/);
    expect(refused.code).toBe(0);
    expect(JSON.parse(refused.stdout)).toEqual({ refused: "Fitting weights needs at least 30 rated turns; there are 1.", base_version: 1 });
  }, 60_000);
});
