// `npm run bench write-path`: the database write path's two bulk operations besides imports
// (bench/import.bench.ts), timed with the write path's trigger functions and schema as they
// were before issue 20's write-path migrations, after its first round and as they are now
// (bench/write-path-versions.ts), on the same data in the same run, alternating, so the
// machine's load weighs on all three alike:
//   - recompute under new weights: every turn's overall score under a new version's weights,
//     stored as that version's judge, which is the display judge (so the sessions list and the
//     rating queue follow as the scores land, as after a save in the app);
//   - change of display judge: every session's shown row re-marked, every queue row rescored
//     ("before" one batch at a time, as before migration "queue_rescore_ranges"; "now" two
//     ranges at once).
// PostgreSQL CPU is printed beside wall time: on a shared machine it is the steadier figure.
// WRITE_PATH_BENCH_TURNS=<n> (default 100,000; targets are scaled from a million linearly).
import { register } from "node:module";
import { loadavg } from "node:os";
import { writePathFunctions, type WritePathVersion } from "./write-path-versions.ts";
import { plantScoredTurns } from "./plant-scored-turns.ts";
import { withBenchDatabase } from "./bench-database.ts";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const TURNS = Number(process.env.WRITE_PATH_BENCH_TURNS ?? 100_000);
const TURNS_PER_SESSION = 100;
const RATED_TURNS = Math.min(10_000, TURNS / 10);
const PER_MILLION = 1_000_000 / TURNS;
// Measured at the start of session 7 (before its write-path work), per 100,000 turns, in paired
// runs on the loaded 2-core machine: recompute 5.45–5.74 s PostgreSQL + 0.46–0.73 s Node CPU;
// change of display judge 2.44–3.39 s PostgreSQL CPU. (Set-based judge_scores references cut
// about 1 s more off a recompute, but deadlocked and were taken back: migration
// "score_foreign_keys_back".) The rows below time the database side as before issue 20's
// write-path work ("before") and now; the Node side (the recompute's reader and writer) is
// today's in both.
const TODAY = { recomputeCpuPer100k: 5.9, displayCpuPer100k: 2.44 };
const TARGET_AT_MILLION = { recompute: 20, display: 10 };

await withBenchDatabase("write-path", main);

type Run = { wall: number; node: number; postgres: number };

async function main(dir: string): Promise<void> {
  const { scorePool } = await import("../lib/server/thresholds/score-pool.ts");
  const { ensureRecomputeJob } = await import("../lib/server/thresholds/ensure-recompute-job.ts");
  const { SEED_THRESHOLDS } = await import("../lib/thresholds/thresholds.schema.ts");
  const { startCpuClock } = await import("./cpu-time.ts");
  const pool = scorePool();

  const { sourceJudgeId } = await ensureRecomputeJob(SEED_THRESHOLDS.weights);
  await plantScoredTurns(pool, { judgeId: sourceJudgeId, turns: TURNS, turnsPerSession: TURNS_PER_SESSION, ratedTurns: RATED_TURNS });
  console.log(`write path: ${TURNS.toLocaleString("en")} turns scored by heuristic v1, ${RATED_TURNS.toLocaleString("en")} rated twice; load average ${loadavg()[0].toFixed(1)} on 2 CPUs`);

  const { findThresholdVersion } = await import("../lib/server/thresholds/find-threshold-version.ts");
  const { saveThresholdVersion } = await import("../lib/server/thresholds/save-threshold-version.ts");
  const { runRecomputeJobs } = await import("../lib/server/thresholds/run-recompute-jobs.ts");
  const { getScoringJudge } = await import("../lib/server/thresholds/get-scoring-judge.ts");
  const { ensureDisplayJudge } = await import("../lib/server/sessions/session-display.ts");
  const install = (version: WritePathVersion) => pool.query(writePathFunctions(version));
  // Before migration "queue_rescore_ranges", the queue's rescore ran one batch at a time.
  const displayChangeOneBatchAtATime = async (judgeId: number) => {
    await ensureDisplayJudge(judgeId, { queue: "later" });
    const batch = 50_000;
    while ((await pool.query<{ n: number }>("SELECT rescore_queue_batch($1) AS n", [batch])).rows[0].n === batch);
  };
  const show = (runs: Run[]) =>
    runs.map((run) => `${run.wall.toFixed(2)} s wall (CPU ${(run.node / 1000).toFixed(2)} s Node + ${(run.postgres / 1000).toFixed(2)} s PostgreSQL)`).join(", ");

  // Recompute: four new weights versions, before / now alternating.
  const recomputes: Record<WritePathVersion, Run[]> = { before: [], now: [] };
  const judges: number[] = [];
  let lastVersion = "";
  let lastWeights = SEED_THRESHOLDS.weights;
  for (const [k, version] of (["before", "now", "before", "now"] as const).entries()) {
    await install(version);
    const weights = { ...SEED_THRESHOLDS.weights, thesis: { length: 0.3, sentiment: 0.1, completeness: 0.6 }, synthesis: { length: 0.2 + k / 20, sentiment: 0.1, completeness: 0.7 - k / 20 } };
    const active = await findThresholdVersion("active");
    const saved = await saveThresholdVersion({ thresholds: { cutoffs: { fair: 0.5, good: 0.7, excellent: 0.8 }, weights }, note: `bench ${k}`, basedOnId: active.id, authorId: null });
    const judgeId = (await getScoringJudge("active", { startRecompute: false })).judge.id;
    await ensureDisplayJudge(judgeId);
    judges.push(judgeId);
    await pool.query("VACUUM ANALYZE");
    const clock = startCpuClock(dir);
    const started = performance.now();
    const run = await runRecomputeJobs();
    const cpu = clock.stop();
    if (run.failed.length > 0) throw new Error(`recompute failed: ${JSON.stringify(run.failed)}`);
    recomputes[version].push({ wall: (performance.now() - started) / 1000, ...cpu });
    lastVersion = saved.judgeVersion;
    lastWeights = weights;
  }
  await checkSample(lastVersion, lastWeights);
  console.log(`  recompute under new weights, ${TURNS.toLocaleString("en")} scores each (the new version's judge is the display judge):`);
  console.log(`    before: ${show(recomputes.before)}`);
  console.log(`    now:    ${show(recomputes.now)}`);
  const bestRecompute = Math.min(...recomputes.now.map((run) => run.wall));
  const bestRecomputeCpu = Math.min(...recomputes.now.map((run) => (run.node + run.postgres) / 1000));
  console.log(
    `  recompute: at the start of session 7 ${TODAY.recomputeCpuPer100k} s CPU per 100,000 turns, now best ${((bestRecomputeCpu * 100_000) / TURNS).toFixed(2)} s CPU ` +
      `(${((bestRecompute * 100_000) / TURNS).toFixed(2)} s wall) per 100,000 = ${(bestRecomputeCpu * PER_MILLION).toFixed(1)} s CPU, ` +
      `${(bestRecompute * PER_MILLION).toFixed(1)} s wall at 1,000,000 (linear), target < ${TARGET_AT_MILLION.recompute} s — ` +
      `CPU ${bestRecomputeCpu * PER_MILLION < TARGET_AT_MILLION.recompute ? "BELOW TARGET" : "ABOVE TARGET"}, ` +
      `wall ${bestRecompute * PER_MILLION < TARGET_AT_MILLION.recompute ? "BELOW TARGET" : "ABOVE TARGET"} (load average ${loadavg()[0].toFixed(1)}); ` +
      `1,000 random scores equal lib/judge's exactly`,
  );

  // Change of display judge: from the last version's judge to heuristic v1 and back, as when
  // an admin restores the seed's weights (both judges scored every turn).
  const seed = await pool.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'");
  const changes: Record<WritePathVersion, Run[]> = { before: [], now: [] };
  for (const version of ["before", "now", "before", "now"] as const) {
    await install(version);
    for (const judgeId of [seed.rows[0].id, judges[judges.length - 1]]) {
      const clock = startCpuClock(dir);
      const started = performance.now();
      if (version === "now") await ensureDisplayJudge(judgeId);
      else await displayChangeOneBatchAtATime(judgeId);
      changes[version].push({ wall: (performance.now() - started) / 1000, ...clock.stop() });
    }
  }
  console.log(`  change of display judge (every session re-marked, ${TURNS.toLocaleString("en")} queue rows rescored), 4 changes each:`);
  console.log(`    before: ${show(changes.before)}`);
  console.log(`    now:    ${show(changes.now)}`);
  const bestCpu = Math.min(...changes.now.map((run) => (run.node + run.postgres) / 1000));
  const bestWall = Math.min(...changes.now.map((run) => run.wall));
  console.log(
    `  change of display judge: at the start of session 7 ${TODAY.displayCpuPer100k} s CPU per 100,000 queue rows, now best ${((bestCpu * 100_000) / TURNS).toFixed(2)} s CPU ` +
      `(${((bestWall * 100_000) / TURNS).toFixed(2)} s wall) per 100,000 = ${(bestCpu * PER_MILLION).toFixed(1)} s CPU, ${(bestWall * PER_MILLION).toFixed(1)} s wall at 1,000,000 (linear), ` +
      `target < ${TARGET_AT_MILLION.display} s — CPU ${bestCpu * PER_MILLION < TARGET_AT_MILLION.display ? "BELOW TARGET" : "ABOVE TARGET"}, ` +
      `wall ${bestWall * PER_MILLION < TARGET_AT_MILLION.display ? "BELOW TARGET" : "ABOVE TARGET"} (load average ${loadavg()[0].toFixed(1)})`,
  );
}

/** 1,000 random recomputed scores against calculateOverallScore on the stored metric scores. */
async function checkSample(judgeVersion: string, weights: Parameters<typeof import("../lib/thresholds/weights.ts").judgeConfigFor>[0]): Promise<void> {
  const { scorePool } = await import("../lib/server/thresholds/score-pool.ts");
  const { overallFromComponents } = await import("../lib/thresholds/overall-from-components.ts");
  const { judgeConfigFor } = await import("../lib/thresholds/weights.ts");
  const config = judgeConfigFor(weights);
  const { rows } = await scorePool().query<{ persona_id: string; overall: number; l: number; s: number; c: number; ci: number | null }>(
    `SELECT t.persona_id, w.overall_score AS overall, v.length_score AS l, v.sentiment_score AS s, v.completeness_score AS c, v.critical_intensity AS ci
     FROM judge_scores w JOIN judges j ON j.id = w.judge_id AND j.version = $1
     JOIN judges j1 ON j1.name = 'heuristic' AND j1.version = 'v1'
     JOIN judge_scores v ON v.turn_id = w.turn_id AND v.judge_id = j1.id
     JOIN turns t ON t.id = w.turn_id ORDER BY random() LIMIT 1000`,
    [judgeVersion],
  );
  if (rows.length !== 1000) throw new Error(`expected 1,000 recomputed scores to check, found ${rows.length}`);
  const wrong = rows.filter((row) => overallFromComponents({ length: row.l, sentiment: row.s, completeness: row.c, critical: row.ci }, row.persona_id, config) !== row.overall);
  if (wrong.length > 0) throw new Error(`${wrong.length} of 1,000 sampled scores differ from lib/judge's`);
}
