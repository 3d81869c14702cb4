import { afterEach, describe, expect, it } from "vitest";
import {
  calculateOverallScore,
  type CompletenessMetrics,
  type CriticalIntensityMetrics,
  type LengthMetrics,
  type SentimentMetrics,
} from "@/lib/judge";
import { SEED_THRESHOLDS, type Thresholds } from "@/lib/thresholds/thresholds.schema";
import { judgeConfigFor } from "@/lib/thresholds/weights";
import { getDb } from "../db";
import { ensureDisplayJudge } from "../sessions/session-display";
import { findThresholdVersion } from "./find-threshold-version";
import { getScoringJudge } from "./get-scoring-judge";
import { judgeVersionForWeights } from "./judge-version-for-weights";
import { runRecomputeJobs } from "./run-recompute-jobs";
import { saveThresholdVersion } from "./save-threshold-version";
import { scorePool } from "./score-pool";
import { insertScoredSession, useScratchDatabase, type TurnSpec } from "./thresholds-test-data";

const WEIGHTS: Thresholds["weights"] = {
  thesis: { length: 0.35, sentiment: 0.15, completeness: 0.5 },
  antithesis: { length: 0.1, sentiment: 0.2, completeness: 0.3, critical_intensity: 0.4 },
  synthesis: { length: 0.25, sentiment: 0.05, completeness: 0.7 },
  default: { length: 0.5, sentiment: 0, completeness: 0 },
};

const TURNS: TurnSpec[] = [
  { personaId: "thesis", length: 0.83, sentiment: 0.4, completeness: 0.71, critical: null },
  { personaId: "antithesis", length: 0.6, sentiment: -0.75, completeness: 0.55, critical: 0.62 },
  { personaId: "synthesis", length: 1, sentiment: 0.2, completeness: 0.9, critical: null },
  // 0.5 × 0.25 = 0.125 exactly: Python rounds the tie to 0.12, SQL's round() to 0.13.
  { personaId: "monitor", length: 0.25, sentiment: 0.3, completeness: 0.4, critical: null },
  { personaId: "antithesis", length: 0.33, sentiment: 0, completeness: null, critical: null },
];

/** The judge's own function on full metric objects, independent of the code under test. */
function expectedOverall(turn: TurnSpec): number {
  const length = { length_score: turn.length ?? 0 } as LengthMetrics;
  const sentiment = { sentiment_score: turn.sentiment ?? 0 } as SentimentMetrics;
  const completeness = { completeness_score: turn.completeness ?? 0 } as CompletenessMetrics;
  const critical = turn.critical === null ? null : ({ intensity_score: turn.critical } as CriticalIntensityMetrics);
  return calculateOverallScore(length, sentiment, completeness, critical, turn.personaId, judgeConfigFor(WEIGHTS));
}

async function scoresOf(judgeId: number): Promise<Map<number, number>> {
  const { rows } = await scorePool().query<{ turn_id: number; overall_score: number }>(
    "SELECT turn_id, overall_score FROM judge_scores WHERE judge_id = $1",
    [judgeId],
  );
  return new Map(rows.map((row) => [row.turn_id, row.overall_score]));
}

async function saveWeights(weights: Thresholds["weights"], note = "reweigh") {
  const base = await findThresholdVersion("active");
  return saveThresholdVersion({ thresholds: { cutoffs: base.cutoffs, weights }, note, basedOnId: base.id, authorId: null });
}

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await drop?.();
  drop = null;
});

describe("scores under new weights", () => {
  it("are recomputed from the stored metric scores exactly as lib/judge computes them, Python rounding included", async () => {
    drop = await useScratchDatabase();
    const { turnIds } = await insertScoredSession(TURNS);

    const saved = await saveWeights(WEIGHTS);
    const before = await getScoringJudge("active", { startRecompute: false });
    const run = await runRecomputeJobs();
    const after = await getScoringJudge("active", { startRecompute: false });

    expect(saved.judgeVersion).toBe(judgeVersionForWeights(WEIGHTS));
    expect(saved.judgeVersion).toMatch(/^v1-w[0-9a-f]{8}$/);
    expect(before).toMatchObject({ isComplete: false, judge: { version: saved.judgeVersion }, recompute: { status: "pending", total: 5 } });
    expect(run).toEqual({ finished: [saved.recomputeJobId], failed: [] });
    expect(after).toMatchObject({ isComplete: true, recompute: null, thresholdVersion: { version: 2 } });
    const scores = await scoresOf(after.judge.id);
    expect(turnIds.map((id) => scores.get(id))).toEqual(TURNS.map(expectedOverall));
    expect(scores.get(turnIds[3])).toBe(0.12);
    const { rows } = await scorePool().query<{ sql: string }>("SELECT round(0.125::numeric, 2)::text AS sql");
    expect(rows[0].sql).toBe("0.13");
    const job = await getDb().job.findUniqueOrThrow({ where: { id: saved.recomputeJobId! } });
    expect(job).toMatchObject({ status: "done", completed: 5, total: 5, lockedBy: null });
  });

  it("leave the sessions list and the rating queue as a full refresh would, batches splitting sessions", async () => {
    // Two batches are written at once, and a session split between them is refreshed by both
    // (migration "session_aggregates_serialized": each sum must include the other's scores).
    drop = await useScratchDatabase();
    const many = Array.from({ length: 7 }, (_, i) => ({ ...TURNS[i % TURNS.length] }));
    for (let s = 0; s < 3; s++) await insertScoredSession(many);
    await saveWeights(WEIGHTS);
    // The new version's judge is the display judge while its scores land (a page load after the save).
    const { judge } = await getScoringJudge("active", { startRecompute: false });
    expect(await ensureDisplayJudge(judge.id)).toBe(true);
    await runRecomputeJobs({ batchSize: 4 });

    const { rows } = await scorePool().query<{ what: string; n: number }>(`
      WITH expected_scores AS (
        SELECT t.session_id, js.judge_id, sum(js.overall_score ORDER BY t.ordinal) AS total, count(*)::int AS n,
          sum(js.overall_score ORDER BY t.ordinal) / NULLIF(s.turn_count, 0) AS average
        FROM eval_sessions s JOIN turns t ON t.session_id = s.id JOIN judge_scores js ON js.turn_id = t.id
        GROUP BY t.session_id, js.judge_id, s.turn_count
      ), expected AS (
        SELECT e.*, e.judge_id = (SELECT judge_id FROM session_display) AS shown FROM expected_scores e
      ), stored AS (
        SELECT session_id, judge_id, total, scored_turn_count AS n, average_score AS average, is_shown AS shown FROM session_scores
      ), expected_queue AS (
        SELECT v.turn_id, COALESCE(d.overall_score, v.overall_score) AS score
        FROM judge_scores v JOIN judges j ON j.id = v.judge_id AND j.name = 'heuristic' AND j.version = 'v1'
        LEFT JOIN judge_scores d ON d.turn_id = v.turn_id AND d.judge_id = (SELECT judge_id FROM session_display)
      )
      SELECT 'scores' AS what, count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT SELECT * FROM stored) UNION ALL (SELECT * FROM stored EXCEPT SELECT * FROM expected)) d
      UNION ALL SELECT 'queue', count(*)::int FROM expected_queue e FULL JOIN queue_items q ON q.turn_id = e.turn_id WHERE q.judge_score IS DISTINCT FROM e.score
      UNION ALL SELECT 'escalation', count(*)::int FROM queue_escalation_rows(ARRAY(SELECT turn_id FROM queue_items)) r JOIN queue_items q ON q.turn_id = r.turn_id
        WHERE q.escalation_reasons IS DISTINCT FROM r.reasons OR q.escalation_priority IS DISTINCT FROM r.priority
      UNION ALL SELECT 'new judge rows', count(*)::int FROM session_scores WHERE judge_id = ${judge.id}`);
    expect(rows).toEqual([
      { what: "scores", n: 0 },
      { what: "queue", n: 0 },
      { what: "escalation", n: 0 },
      { what: "new judge rows", n: 3 },
    ]);
  });

  it("resume after an interruption from the last committed batch, writing each score once", async () => {
    drop = await useScratchDatabase();
    const many = Array.from({ length: 7 }, (_, i) => ({ ...TURNS[i % TURNS.length] }));
    await insertScoredSession(many);
    const saved = await saveWeights(WEIGHTS);

    const interrupted = await runRecomputeJobs({
      batchSize: 3,
      onProgress: () => {
        throw new Error("server stopped");
      },
    });
    const midway = await getDb().job.findUniqueOrThrow({ where: { id: saved.recomputeJobId! } });
    await getDb().job.update({ where: { id: midway.id }, data: { runAfter: new Date(0) } });
    const resumed = await runRecomputeJobs({ batchSize: 3 });

    expect(interrupted.failed).toEqual([{ jobId: saved.recomputeJobId, error: "server stopped" }]);
    // Two batches are written at a time: the first, or both, committed before the stop.
    expect(midway).toMatchObject({ status: "pending", lastError: "server stopped" });
    expect([3, 6]).toContain(midway.completed);
    expect(resumed.finished).toEqual([saved.recomputeJobId]);
    const job = await getDb().job.findUniqueOrThrow({ where: { id: midway.id } });
    expect(job).toMatchObject({ status: "done", completed: 7, total: 7 });
    const judge = await getScoringJudge("active", { startRecompute: false });
    expect((await scoresOf(judge.judge.id)).size).toBe(7);
  });

  it("are completed after a job that failed for good, from its watermark rather than the highest scored turn", async () => {
    drop = await useScratchDatabase();
    const { turnIds } = await insertScoredSession(Array.from({ length: 7 }, (_, i) => ({ ...TURNS[i % TURNS.length] })));
    const saved = await saveWeights(WEIGHTS);
    await runRecomputeJobs({ batchSize: 3 });
    const { judge } = await getScoringJudge("active", { startRecompute: false });
    // As if the first batch's writer failed after the second batch had committed.
    await scorePool().query("DELETE FROM judge_scores WHERE judge_id = $1 AND turn_id = ANY($2::int[])", [judge.id, turnIds.slice(0, 3)]);
    await getDb().job.update({ where: { id: saved.recomputeJobId! }, data: { status: "failed", payload: { ...(await getDb().job.findUniqueOrThrow({ where: { id: saved.recomputeJobId! } })).payload as object, afterTurnId: 0 } } });

    const behind = await getScoringJudge("active", { startRecompute: false });
    await runRecomputeJobs();

    expect(behind).toMatchObject({ isComplete: false, recompute: { total: 7 } });
    expect((await getScoringJudge("active", { startRecompute: false })).isComplete).toBe(true);
    expect((await scoresOf(judge.id)).size).toBe(7);
  });

  it("are shared by versions with the same weights, so a cut-off change needs no recompute", async () => {
    drop = await useScratchDatabase();
    await insertScoredSession(TURNS);
    const first = await saveWeights(WEIGHTS);
    await runRecomputeJobs();
    const base = await findThresholdVersion("active");

    const cutoffsOnly = await saveThresholdVersion({
      thresholds: { cutoffs: { fair: 0.4, good: 0.6, excellent: 0.9 }, weights: structuredClone(WEIGHTS) },
      note: "cut-offs only",
      basedOnId: base.id,
      authorId: null,
    });
    const backToSeed = await saveWeights(SEED_THRESHOLDS.weights, "seed weights again");

    expect(cutoffsOnly).toMatchObject({ judgeVersion: first.judgeVersion, recomputeJobId: null });
    expect(backToSeed).toMatchObject({ judgeVersion: "v1", recomputeJobId: null });
    expect(await getDb().judge.count({ where: { name: "heuristic" } })).toBe(2);
  });

  it("catch up with turns imported after the recompute", async () => {
    drop = await useScratchDatabase();
    await insertScoredSession(TURNS);
    await saveWeights(WEIGHTS);
    await runRecomputeJobs();
    const { turnIds } = await insertScoredSession(TURNS.slice(0, 2));

    const behind = await getScoringJudge("active", { startRecompute: false });
    await runRecomputeJobs();
    const caughtUp = await getScoringJudge("active", { startRecompute: false });

    expect(behind).toMatchObject({ isComplete: false, recompute: { total: 2, completed: 0 } });
    expect(caughtUp.isComplete).toBe(true);
    const scores = await scoresOf(caughtUp.judge.id);
    expect(scores.size).toBe(7);
    expect(turnIds.map((id) => scores.get(id))).toEqual(TURNS.slice(0, 2).map(expectedOverall));
  });

  it("copy each turn's metric scores from the source judge, nulls included, in batches read as columns, a persona arriving meanwhile included", async () => {
    drop = await useScratchDatabase();
    const { turnIds } = await insertScoredSession([...TURNS, ...TURNS]);
    const sourceJudgeId = (await getScoringJudge("active", { startRecompute: false })).judge.id;
    await scorePool().query("UPDATE judge_scores SET impact_score = (turn_id % 7) / 8.0 WHERE judge_id = $1 AND turn_id % 3 <> 0", [sourceJudgeId]);
    await saveWeights(WEIGHTS);
    // A turn of a persona the job did not know when it started, scored while it runs (after
    // its first batch commits): read by this run (its persona looked up again) or the next.
    const late: TurnSpec = { personaId: "late-persona", length: 0.7, sentiment: -0.35, completeness: 0.15, critical: 0.5 };
    let lateSession: ReturnType<typeof insertScoredSession> | null = null;
    const run = await runRecomputeJobs({ batchSize: 2, onProgress: () => void (lateSession ??= insertScoredSession([late])) });
    expect(run.failed).toEqual([]);
    const lateTurnId = (await lateSession!).turnIds[0];
    const judgeId = (await getScoringJudge("active", { startRecompute: false })).judge.id;
    const { rows } = await scorePool().query<{ same: boolean; turn_id: number }>(
      `SELECT n.turn_id, (n.length_score, n.sentiment_score, n.completeness_score, n.critical_intensity, n.impact_score, n.is_imported)
                IS NOT DISTINCT FROM (s.length_score, s.sentiment_score, s.completeness_score, s.critical_intensity, s.impact_score, false) AS same
       FROM judge_scores n JOIN judge_scores s ON s.turn_id = n.turn_id AND s.judge_id = $2 WHERE n.judge_id = $1 ORDER BY n.turn_id`,
      [judgeId, sourceJudgeId],
    );
    expect(rows.map((row) => row.turn_id).filter((id) => id !== lateTurnId)).toEqual(turnIds);
    expect(rows.every((row) => row.same)).toBe(true);
    const scores = await scoresOf(judgeId);
    expect(turnIds.map((id) => scores.get(id))).toEqual([...TURNS, ...TURNS].map(expectedOverall));

    await runRecomputeJobs({ batchSize: 2 });
    expect((await scoresOf(judgeId)).get(lateTurnId)).toBe(expectedOverall(late));
  });

  it("can be read under any version, not only the active one", async () => {
    drop = await useScratchDatabase();
    await insertScoredSession(TURNS);
    await saveWeights(WEIGHTS);

    const seedVersion = await getScoringJudge({ version: 1 }, { startRecompute: false });

    expect(seedVersion).toMatchObject({ isComplete: true, judge: { name: "heuristic", version: "v1" }, thresholdVersion: { version: 1 } });
  });
});
