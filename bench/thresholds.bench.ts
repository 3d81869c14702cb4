// `npm run bench thresholds`: a million turns scored by the heuristic judge v1 in a throwaway
// embedded PostgreSQL; times the preview over all the turns (the first after a data change
// reads the score index, later drafts reuse it), the recompute of every overall score under
// new weights, checks a sample against lib/judge, and times changes of display judge.
// Issue 20's figures on a quiet 2-core machine (before this work) and targets: preview 9.98 s
// → < 1 s; recompute 42.8 s → < 20 s; change of display judge 37 s → < 10 s. The preview's
// first draft after a data change reread every score (12.7 s); now a rating rereads only the
// human levels and new turns only themselves. The very first read (nothing in memory) was a
// binary COPY of every score joined with its turn (4.5–8.4 s wall on a loaded machine, CPU
// 0.6–1.3 s Node + 1.4–1.5 s PostgreSQL); it now reads score_index_packs, one byte string per
// session kept by triggers (bench/thresholds-first-read.ts times both reads side by side, the
// first preview in a fresh process, and what the triggers add to imports and recomputes).
// THRESHOLDS_BENCH_TURNS=<n> fills n turns instead (figures then scale to a million).
import { register } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { plantScoredTurns } from "./plant-scored-turns.ts";
import { withBenchDatabase } from "./bench-database.ts";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const TURNS = Number(process.env.THRESHOLDS_BENCH_TURNS ?? 1_000_000);
const TURNS_PER_SESSION = 100;
const RATED_TURNS = 10_000;
const TODAY = { preview: 9.98, recompute: 42.8, display: 37, firstPreview: "4.5–8.4 s wall (CPU 0.6–1.3 s Node + 1.4–1.5 s PostgreSQL)" };
const TARGET = { preview: 1, recompute: 20, display: 10 };
const verdict = (value: number, target: number) => (value < target ? "BELOW TARGET" : "ABOVE TARGET");
/** A figure measured on fewer turns, scaled linearly to a million (said so when it is). */
const atMillion = (seconds: number) => (TURNS === 1_000_000 ? seconds : (seconds * 1_000_000) / TURNS);
const scaledNote = TURNS === 1_000_000 ? "" : ` (measured on ${TURNS.toLocaleString("en")} turns, scaled linearly to 1,000,000)`;

await withBenchDatabase("thresholds", main);

function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

async function main(dir: string): Promise<void> {
  const { scorePool } = await import("../lib/server/thresholds/score-pool.ts");
  const { ensureRecomputeJob } = await import("../lib/server/thresholds/ensure-recompute-job.ts");
  const { SEED_THRESHOLDS } = await import("../lib/thresholds/thresholds.schema.ts");
  const pool = scorePool();

  let started = process.hrtime.bigint();
  const { sourceJudgeId } = await ensureRecomputeJob(SEED_THRESHOLDS.weights);
  await plantScoredTurns(pool, { judgeId: sourceJudgeId, turns: TURNS, turnsPerSession: TURNS_PER_SESSION, ratedTurns: RATED_TURNS });
  console.log(`thresholds: ${TURNS.toLocaleString("en")} turns scored by heuristic v1, ${RATED_TURNS.toLocaleString("en")} rated twice (filled in ${seconds(started).toFixed(1)} s)`);

  const { findThresholdVersion } = await import("../lib/server/thresholds/find-threshold-version.ts");
  const { saveThresholdVersion } = await import("../lib/server/thresholds/save-threshold-version.ts");
  const { runRecomputeJobs } = await import("../lib/server/thresholds/run-recompute-jobs.ts");
  const { previewThresholds } = await import("../lib/server/thresholds/preview-thresholds.ts");
  const weights = {
    ...SEED_THRESHOLDS.weights,
    thesis: { length: 0.3, sentiment: 0.1, completeness: 0.6 },
    antithesis: { length: 0.2, sentiment: 0.2, completeness: 0.3, critical_intensity: 0.3 },
  };

  const base = await findThresholdVersion("active");
  const { startCpuClock: firstClock } = await import("./cpu-time.ts");
  const clockFirst = firstClock(dir);
  started = process.hrtime.bigint();
  const draft = { cutoffs: { fair: 0.5, good: 0.7, excellent: 0.8 }, weights };
  const preview = await previewThresholds(draft);
  const firstPreviewSeconds = seconds(started);
  const firstCpu = clockFirst.stop();
  console.log(
    `  preview of new weights and cut-offs over every turn, the very first (reads every score into the index): ${firstPreviewSeconds.toFixed(2)} s ` +
      `(CPU ${(firstCpu.node / 1000).toFixed(2)} s Node + ${(firstCpu.postgres / 1000).toFixed(2)} s PostgreSQL; ` +
      `${preview.turns.changed.toLocaleString("en")} turns and ${preview.sessions.changed.toLocaleString("en")} sessions change level; κ_q on n = ${preview.agreement.draft.n.toLocaleString("en")})`,
  );
  const firstRead = await import("./thresholds-first-read.ts");
  const reads = await firstRead.pairedIndexReads(pool, dir, sourceJudgeId);
  console.log(`  the score index read alone, alternated on the same data (${TURNS.toLocaleString("en")} scores):`);
  console.log(`    before (every score joined with its turn, binary COPY in two halves): ${reads.before.map(firstRead.show).join(", ")}`);
  console.log(`    now (score_index_packs, one byte string per session, two parts):     ${reads.now.map(firstRead.show).join(", ")}`);
  const fresh = [firstRead.firstPreviewInFreshProcess(dir), firstRead.firstPreviewInFreshProcess(dir)];
  console.log(
    `  the first preview in a fresh Node process (after loading its modules: ${fresh.map((run) => `${run.imports.toFixed(2)} s`).join(", ")}): ${fresh.map((run) => firstRead.show(run.preview)).join(", ")}`,
  );
  const freshSeconds = Math.min(...fresh.map((run) => run.preview.wall));
  const cost = await firstRead.pairedTriggerCost(pool, dir, sourceJudgeId);
  const perTurn = (runs: number[]) => runs.map((value) => `${value.toFixed(1)}`).join(", ");
  console.log(
    `  what the packs' triggers add (PostgreSQL CPU µs per turn, off vs on, alternated): import-like inserts ${perTurn(cost.import.off)} vs ${perTurn(cost.import.on)}; ` +
      `another judge's scores as a recompute writes them ${perTurn(cost.recompute.off)} vs ${perTurn(cost.recompute.on)}`,
  );
  const nextDrafts = [0.05, 0.1, 0.15].map((shift) => ({
    cutoffs: { fair: 0.5 - shift, good: 0.7 - shift, excellent: 0.8 },
    weights: { ...weights, synthesis: { length: 0.2 + shift, sentiment: 0.1, completeness: 0.7 - shift } },
  }));
  let previewSeconds = Infinity;
  for (const next of nextDrafts) {
    started = process.hrtime.bigint();
    await previewThresholds(next);
    previewSeconds = Math.min(previewSeconds, seconds(started));
  }
  console.log(`  preview of the editor's next drafts (index kept by data version): best of 3 ${previewSeconds.toFixed(3)} s`);
  // The data changes while the editor is open: a rater's rating (the scores are kept, the
  // human levels read again), then a new session of 100 scored turns (only those are read).
  const columnsModule = await import("../lib/server/thresholds/read-score-columns.ts");
  const { startCpuClock: cpuClock } = await import("./cpu-time.ts");
  const afterChange = async (label: string, change: () => Promise<unknown>) => {
    await change();
    const clock = cpuClock(dir);
    started = process.hrtime.bigint();
    await previewThresholds(nextDrafts[0]);
    const wall = seconds(started);
    const cpu = clock.stop();
    const { lastScoreRead } = columnsModule; // read now: the module's binding moves with each read
    console.log(
      `  first preview after ${label}: ${wall.toFixed(3)} s (CPU ${(cpu.node / 1000).toFixed(2)} s Node + ${(cpu.postgres / 1000).toFixed(2)} s PostgreSQL; scores ${lastScoreRead.kind}` +
        `${lastScoreRead.kind === "appended" ? `: ${lastScoreRead.rows} turns read` : ""})`,
    );
    return wall;
  };
  const afterRating = await afterChange("a new rating", () =>
    pool.query(`INSERT INTO ratings (turn_id, annotator, level, source) SELECT id, 'r3', 3, 'imported' FROM turns ORDER BY id LIMIT 1 OFFSET 4321`),
  );
  const afterTurns = await afterChange("a new session of 100 scored turns", async () => {
    await pool.query(`INSERT INTO eval_sessions (external_id, content_hash, turn_count, updated_at) VALUES ('bench-late', 'h-late', $1, now())`, [TURNS_PER_SESSION]);
    await pool.query(
      `INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, raw)
       SELECT (SELECT id FROM eval_sessions WHERE external_id = 'bench-late'), o, (ARRAY['thesis', 'antithesis', 'synthesis', 'monitor'])[o % 4 + 1], 'r', 1, '{}'::jsonb
       FROM generate_series(0, $1 - 1) o`,
      [TURNS_PER_SESSION],
    );
    await pool.query(
      `INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score)
       SELECT t.id, $1, 0.5, 0.25, -0.5, 0.75 FROM turns t JOIN eval_sessions s ON s.id = t.session_id WHERE s.external_id = 'bench-late'`,
      [sourceJudgeId],
    );
  });
  console.log(
    `  preview: today ${TODAY.preview} s, now ${atMillion(previewSeconds).toFixed(3)} s${scaledNote}, target < ${TARGET.preview} s — ${verdict(atMillion(previewSeconds), TARGET.preview)}; ` +
      `the first after a rating ${atMillion(afterRating).toFixed(2)} s — ${verdict(atMillion(afterRating), TARGET.preview)}; ` +
      `after new turns ${atMillion(afterTurns).toFixed(2)} s — ${verdict(atMillion(afterTurns), TARGET.preview)}; ` +
      `the very first (nothing in memory: every score read) ${firstPreviewSeconds.toFixed(2)} s, in a fresh process ${freshSeconds.toFixed(2)} s` +
      `${TURNS === 1_000_000 ? "" : ` (on ${TURNS.toLocaleString("en")} turns, not scaled: much of it does not grow with the turns)`} ` +
      `(before the packs: ${TODAY.firstPreview}) — ${verdict(firstPreviewSeconds, TARGET.preview)}, in a fresh process ${verdict(freshSeconds, TARGET.preview)}`,
  );

  started = process.hrtime.bigint();
  const saved = await saveThresholdVersion({ thresholds: draft, note: "bench", basedOnId: base.id, authorId: null });
  const saveSeconds = seconds(started);
  // The first page load after the save makes the new version's judge the display judge, so
  // the recompute's scores also rescore the sessions list and the rating queue as they land.
  // (getDisplayScoring does this, but would also start the recompute in the background.)
  const { getScoringJudge } = await import("../lib/server/thresholds/get-scoring-judge.ts");
  const { ensureDisplayJudge } = await import("../lib/server/sessions/session-display.ts");
  started = process.hrtime.bigint();
  const newJudgeId = (await getScoringJudge("active", { startRecompute: false })).judge.id;
  await ensureDisplayJudge(newJudgeId);
  console.log(`  display judge set to the new version's judge in ${seconds(started).toFixed(2)} s`);
  let peakRss = process.memoryUsage().rss;
  started = process.hrtime.bigint();
  const run = await runRecomputeJobs({ onProgress: () => void (peakRss = Math.max(peakRss, process.memoryUsage().rss)) });
  const recomputeSeconds = seconds(started);
  if (run.failed.length > 0) throw new Error(`recompute failed: ${JSON.stringify(run.failed)}`);

  const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM judge_scores s JOIN judges j ON j.id = s.judge_id WHERE j.version = $1", [saved.judgeVersion]);
  await checkSample(saved.judgeVersion, weights);
  const rate = TURNS / recomputeSeconds;
  console.log(`  save (with the recompute job enqueued): ${saveSeconds.toFixed(2)} s`);
  console.log(
    `  recompute under heuristic ${saved.judgeVersion}: ${rows[0].n.toLocaleString("en")} scores in ${recomputeSeconds.toFixed(1)} s, ` +
      `${Math.round(rate).toLocaleString("en")} turns/s, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  console.log(
    `  recompute: today ${TODAY.recompute} s, now ${atMillion(recomputeSeconds).toFixed(1)} s${scaledNote}, target < ${TARGET.recompute} s — ${verdict(atMillion(recomputeSeconds), TARGET.recompute)}; 1,000 random scores equal lib/judge's exactly`,
  );

  // Restoring the seed's weights makes heuristic v1 the display judge again: every session's
  // shown row and every queue row rescored in the page load that notices (then back). Each
  // pair of changes runs twice: with the queue's rescore as it was before migration
  // "queue_rescore_set_based" (a queue_score() call per row) and as it is now, on the same
  // data in the same run, so the machine's load weighs on both alike.
  const { startCpuClock } = await import("./cpu-time.ts");
  const { readFileSync } = await import("node:fs");
  const rescoreFunction = (migration: string) => {
    const sql = readFileSync(path.join(import.meta.dirname, "../prisma/migrations", migration, "migration.sql"), "utf8");
    const start = sql.search(/CREATE (OR REPLACE )?FUNCTION "rescore_queue_batch"/);
    return sql.slice(start, sql.indexOf("$$;", sql.indexOf("$$", start) + 2) + 3).replace(/^CREATE FUNCTION/, "CREATE OR REPLACE FUNCTION");
  };
  const seedJudge = await pool.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'");
  const changes: Record<string, { wall: number; node: number; postgres: number }[]> = { before: [], now: [] };
  for (const [name, migration] of [["before", "20261122061000_queue_scoring_judge"], ["now", "20261127094525_queue_rescore_one_statement"], ["before", "20261122061000_queue_scoring_judge"], ["now", "20261127094525_queue_rescore_one_statement"]] as const) {
    await pool.query(rescoreFunction(migration));
    for (const judgeId of [seedJudge.rows[0].id, newJudgeId]) {
      const clock = startCpuClock(dir);
      started = process.hrtime.bigint();
      await ensureDisplayJudge(judgeId);
      changes[name].push({ wall: seconds(started), ...clock.stop() });
    }
  }
  const show = (runs: { wall: number; node: number; postgres: number }[]) =>
    runs.map((run) => `${run.wall.toFixed(1)} s (CPU ${(run.node / 1000).toFixed(1)} s Node + ${(run.postgres / 1000).toFixed(1)} s PostgreSQL)`).join(", ");
  console.log(`  display judge changed 4 times (every session re-marked, ${TURNS.toLocaleString("en")} queue rows rescored in batches of 50,000), paired on the same data:`);
  console.log(`    rescore as before (a queue_score() call per row): ${show(changes.before)}`);
  console.log(`    rescore now (one set-based update per batch):      ${show(changes.now)}`);
  const displaySeconds = Math.min(...changes.now.map((run) => run.wall));
  const displayCpu = Math.min(...changes.now.map((run) => (run.node + run.postgres) / 1000));
  console.log(
    `  change of display judge: today ${TODAY.display} s, now best ${atMillion(displaySeconds).toFixed(1)} s wall, ${atMillion(displayCpu).toFixed(1)} s CPU${scaledNote}, ` +
      `target < ${TARGET.display} s — ${verdict(atMillion(displaySeconds), TARGET.display)} (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
  );

  // The rating queue's statement trigger on judge_scores (another area's migration) upserts
  // queue_items for every heuristic judge version's new scores; how much of the time is it?
  const { rows: triggers } = await pool.query("SELECT tgname FROM pg_trigger WHERE tgname = 'judge_scores_queue_insert'");
  if (triggers.length === 0) return;
  await pool.query("ALTER TABLE judge_scores DISABLE TRIGGER judge_scores_queue_insert");
  const other = { ...weights, synthesis: { length: 0.3, sentiment: 0.1, completeness: 0.6 } };
  const active = await findThresholdVersion("active");
  await saveThresholdVersion({ thresholds: { cutoffs: draft.cutoffs, weights: other }, note: "bench 2", basedOnId: active.id, authorId: null });
  started = process.hrtime.bigint();
  await runRecomputeJobs();
  const withoutTrigger = seconds(started);
  console.log(`  the same recompute with the queue's judge_scores trigger disabled: ${withoutTrigger.toFixed(1)} s, ${Math.round(TURNS / withoutTrigger).toLocaleString("en")} turns/s`);
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
  const wrong = rows.filter((row) => overallFromComponents({ length: row.l, sentiment: row.s, completeness: row.c, critical: row.ci }, row.persona_id, config) !== row.overall);
  if (wrong.length > 0) throw new Error(`${wrong.length} of 1,000 sampled scores differ from lib/judge's`);
}
