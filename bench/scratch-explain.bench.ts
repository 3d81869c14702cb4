// scratch: EXPLAIN ANALYZE of one recompute batch's INSERT, per trigger (not committed)
import { register } from "node:module";
import { readFileSync } from "node:fs";
import { plantScoredTurns } from "./plant-scored-turns.ts";
import { withBenchDatabase } from "./bench-database.ts";
register("../scripts/lib/server-only-hook.mjs", import.meta.url);
const TURNS = Number(process.env.WRITE_PATH_BENCH_TURNS ?? 100_000);
await withBenchDatabase("scratch", async () => {
  const { scorePool } = await import("../lib/server/thresholds/score-pool.ts");
  const { ensureRecomputeJob } = await import("../lib/server/thresholds/ensure-recompute-job.ts");
  const { SEED_THRESHOLDS } = await import("../lib/thresholds/thresholds.schema.ts");
  const pool = scorePool();
  const { sourceJudgeId } = await ensureRecomputeJob(SEED_THRESHOLDS.weights);
  await plantScoredTurns(pool, { judgeId: sourceJudgeId, turns: TURNS, turnsPerSession: 100, ratedTurns: Math.min(10_000, TURNS / 10) });
  const { findThresholdVersion } = await import("../lib/server/thresholds/find-threshold-version.ts");
  const { saveThresholdVersion } = await import("../lib/server/thresholds/save-threshold-version.ts");
  const { getScoringJudge } = await import("../lib/server/thresholds/get-scoring-judge.ts");
  const { ensureDisplayJudge } = await import("../lib/server/sessions/session-display.ts");
  const weights = { ...SEED_THRESHOLDS.weights, thesis: { length: 0.3, sentiment: 0.1, completeness: 0.6 }, synthesis: { length: 0.25, sentiment: 0.1, completeness: 0.65 } };
  const active = await findThresholdVersion("active");
  await saveThresholdVersion({ thresholds: { cutoffs: { fair: 0.5, good: 0.7, excellent: 0.8 }, weights }, note: "x", basedOnId: active.id, authorId: null });
  const judgeId = (await getScoringJudge("active", { startRecompute: false })).judge.id;
  await ensureDisplayJudge(judgeId);
  await pool.query("VACUUM ANALYZE");
  const variants = (process.env.VARIANTS ?? "").split(",").filter(Boolean);
  const client = await pool.connect();
  const { rows: ids } = await client.query("SELECT turn_id FROM judge_scores WHERE judge_id = $1 ORDER BY turn_id", [sourceJudgeId]);
  client.on("notice", (n) => { if (process.env.AUTO) console.log(String(n.message).split("\n").filter((l) => !/Buffers|Planning|Query Text/.test(l) || /Query Text/.test(l)).slice(0, 40).join("\n")); });
  if (process.env.AUTO) await client.query("LOAD 'auto_explain'; SET auto_explain.log_min_duration = 3; SET auto_explain.log_analyze = on; SET auto_explain.log_nested_statements = on; SET client_min_messages = log");
  for (let rep = 0; rep < Number(process.env.REPS ?? 3); rep++) {
    for (const variant of ["", ...variants]) {
      const lo = rep * 10_000;
      const turnIds = ids.slice(lo, lo + 10_000).map((r) => r.turn_id);
      const overall = turnIds.map((_, i) => Math.round(i % 100) / 100);
      await client.query("BEGIN");
      if (variant) await client.query(readFileSync(variant, "utf8"));
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score, critical_intensity, impact_score, is_imported)
         SELECT u.turn_id, $1, u.overall, s.length_score, s.sentiment_score, s.completeness_score, s.critical_intensity, s.impact_score, false
         FROM unnest($2::int[], $3::float8[]) AS u(turn_id, overall)
         JOIN judge_scores s ON s.turn_id = u.turn_id AND s.judge_id = $4 AND s.turn_id >= $5 AND s.turn_id <= $6
         WHERE NOT EXISTS (SELECT 1 FROM judge_scores d WHERE d.turn_id = u.turn_id AND d.judge_id = $1)`,
        [judgeId, turnIds, overall, sourceJudgeId, turnIds[0], turnIds[turnIds.length - 1]],
      );
      await client.query("ROLLBACK");
      console.log(`--- rep ${rep} variant ${variant || "current"}`);
      console.log(rows.map((r) => r["QUERY PLAN"]).filter((l: string) => /Trigger|Execution|Planning|Insert on|^ *->|Hash Join|Nested/.test(l)).join("\n"));
    }
  }
  client.release();
});
