// `npm run bench escalation-save`:
// the time an admin's save of the quality cut-offs or of the escalation settings spends in
// its transaction, with the escalation triggers as they were (every queue item recomputed in
// the saving transaction, migration "queue_escalation") and as they are now (items near an old
// or new cut-off at once; other limits by the background job, migration
// "escalation_refresh_off_save_path"), paired on the same data in the same run, alternating.
// ESCALATION_BENCH_TURNS=<n> (default 100,000 queue items).
import { readFileSync } from "node:fs";
import { register } from "node:module";
import { loadavg } from "node:os";
import path from "node:path";
import { plantScoredTurns } from "./plant-scored-turns.ts";
import { withBenchDatabase } from "./bench-database.ts";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);

const TURNS = Number(process.env.ESCALATION_BENCH_TURNS ?? 100_000);
/** The project's rule for a save on the request path. */
const TARGET_SECONDS = 0.5;

const BEFORE = `
DROP TRIGGER IF EXISTS "threshold_versions_escalation" ON "threshold_versions";
DROP TRIGGER IF EXISTS "settings_escalation" ON "settings";
DROP TRIGGER IF EXISTS "settings_escalation_delete" ON "settings";
DROP TRIGGER IF EXISTS "settings_escalation_insert" ON "settings";
DROP TRIGGER IF EXISTS "settings_escalation_update" ON "settings";
CREATE OR REPLACE FUNCTION "escalation_refresh_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_queue_escalation(NULL);
  RETURN NULL;
END
$$;
CREATE TRIGGER "threshold_versions_escalation" AFTER INSERT OR UPDATE ON "threshold_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION escalation_refresh_all();
CREATE OR REPLACE FUNCTION "settings_escalation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_settings WHERE key = 'queue.escalation') THEN PERFORM refresh_queue_escalation(NULL); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "settings_escalation_insert" AFTER INSERT ON "settings"
  REFERENCING NEW TABLE AS new_settings FOR EACH STATEMENT EXECUTE FUNCTION settings_escalation();
CREATE TRIGGER "settings_escalation_update" AFTER UPDATE ON "settings"
  REFERENCING NEW TABLE AS new_settings FOR EACH STATEMENT EXECUTE FUNCTION settings_escalation();`;

function nowTriggers(): string {
  const sql = readFileSync(path.join(import.meta.dirname, "../prisma/migrations/20261127110000_escalation_refresh_off_save_path/migration.sql"), "utf8");
  const from = sql.indexOf('CREATE FUNCTION "escalation_refresh_all"');
  const to = sql.indexOf("-- The stored escalation follows");
  return `
DROP TRIGGER IF EXISTS "threshold_versions_escalation" ON "threshold_versions";
DROP TRIGGER IF EXISTS "settings_escalation_insert" ON "settings";
DROP TRIGGER IF EXISTS "settings_escalation_update" ON "settings";
DROP TRIGGER IF EXISTS "settings_escalation" ON "settings";
DROP TRIGGER IF EXISTS "settings_escalation_delete" ON "settings";
${sql.slice(from, to).replaceAll("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION")}
-- The queue follows what is in force (the old triggers kept it so).
INSERT INTO settings (key, value) VALUES ('queue.escalation.applied', queue_escalation_config())
ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;`;
}

await withBenchDatabase("escalation", main);

async function main(dir: string): Promise<void> {
  const { scorePool } = await import("../lib/server/thresholds/score-pool.ts");
  const { ensureRecomputeJob } = await import("../lib/server/thresholds/ensure-recompute-job.ts");
  const { SEED_THRESHOLDS } = await import("../lib/thresholds/thresholds.schema.ts");
  const { startCpuClock } = await import("./cpu-time.ts");
  const { refreshEscalationBatch } = await import("../lib/server/queue/escalation-refresh-job.ts");
  const pool = scorePool();
  const { sourceJudgeId } = await ensureRecomputeJob(SEED_THRESHOLDS.weights);
  await plantScoredTurns(pool, { judgeId: sourceJudgeId, turns: TURNS, turnsPerSession: 100, ratedTurns: Math.min(10_000, TURNS / 10) });
  // Labels with a confidence on a tenth of the turns, so the limits have something to change.
  await pool.query(`INSERT INTO judges (name, version, kind) VALUES ('bench-llm', '1', 'llm')`);
  await pool.query(`INSERT INTO judge_labels (turn_id, judge_id, label, confidence)
    SELECT t.id, (SELECT id FROM judges WHERE name = 'bench-llm'), 'good', round(random()::numeric, 2)::float8 FROM turns t WHERE t.id % 10 = 0`);
  const [{ n: items }] = (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM queue_items")).rows;
  if (items === 0) {
    await pool.query(`INSERT INTO settings (key, value) VALUES ('queue.settings', '{}'::jsonb) ON CONFLICT DO NOTHING`);
  }
  const queued = (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM queue_items")).rows[0].n;
  await pool.query("VACUUM ANALYZE");
  console.log(`escalation save: ${queued.toLocaleString("en")} queue items; load average ${loadavg()[0].toFixed(1)} on 2 CPUs`);

  const steps = { margin: 0, confidence: 0, cutoffs: 0 };
  // Each save merges one value into the stored settings, so only that limit changes.
  const saves: Array<{ name: string; run: () => Promise<unknown> }> = [
    {
      name: "cut-off margin",
      run: () => pool.query(`INSERT INTO settings (key, value) VALUES ('queue.escalation', jsonb_build_object('cutoffMargin', $1::float8))
        ON CONFLICT (key) DO UPDATE SET value = settings.value || EXCLUDED.value`, [steps.margin++ % 2 === 0 ? 0.03 : 0.02]),
    },
    {
      name: "minimum confidence",
      run: () => pool.query(`INSERT INTO settings (key, value) VALUES ('queue.escalation', jsonb_build_object('minConfidence', $1::float8))
        ON CONFLICT (key) DO UPDATE SET value = settings.value || EXCLUDED.value`, [steps.confidence++ % 2 === 0 ? 0.7 : 0.6]),
    },
    {
      name: "quality cut-offs",
      run: async () => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const fair = steps.cutoffs++ % 2 === 0 ? 0.52 : 0.5;
          await client.query("UPDATE threshold_versions SET is_active = false WHERE is_active");
          await client.query(`INSERT INTO threshold_versions (version, fair_cutoff, good_cutoff, excellent_cutoff, persona_weights, note, is_active)
            SELECT COALESCE(max(version), 0) + 1, $1, 0.65, 0.8, '{}'::jsonb, 'bench', true FROM threshold_versions`, [fair]);
          await client.query("COMMIT");
        } finally {
          client.release();
        }
      },
    },
  ];

  type Version = "before" | "now";
  const timings: Record<string, Record<Version, Array<{ wall: number; postgres: number }>>> = {};
  for (const version of ["before", "now", "before", "now"] as const) {
    await pool.query(version === "before" ? BEFORE : nowTriggers());
    for (const save of saves) {
      const clock = startCpuClock(dir);
      const started = performance.now();
      await save.run();
      const wall = (performance.now() - started) / 1000;
      const cpu = clock.stop();
      (timings[save.name] ??= { before: [], now: [] })[version].push({ wall, postgres: cpu.postgres / 1000 });
    }
    // The job a limits change left: run it out of band, timed, and clear the queue of jobs.
    const jobs = (await pool.query<{ id: number }>("SELECT id FROM jobs WHERE kind = 'queue-escalation-refresh' AND status = 'pending'")).rows;
    for (const job of jobs) {
      const started = performance.now();
      let after = 0;
      let batches = 0;
      for (let batch = await refreshEscalationBatch(job.id, after); batch; batch = await refreshEscalationBatch(job.id, after)) {
        after = batch.lastTurnId;
        batches++;
      }
      await pool.query("UPDATE jobs SET status = 'done' WHERE id = $1", [job.id]);
      console.log(`  (${version}) the background refresh job: ${batches} batches, ${((performance.now() - started) / 1000).toFixed(2)} s wall, off the save path`);
    }
  }
  for (const [name, runs] of Object.entries(timings)) {
    const show = (list: Array<{ wall: number; postgres: number }>) => list.map((r) => `${r.wall.toFixed(3)} s wall (PostgreSQL CPU ${r.postgres.toFixed(3)} s)`).join(", ");
    const worstNow = Math.max(...runs.now.map((r) => r.wall));
    console.log(`save of the ${name}: before ${show(runs.before)}; now ${show(runs.now)}; target < ${TARGET_SECONDS} s: ${worstNow < TARGET_SECONDS ? "BELOW TARGET" : "ABOVE TARGET"}`);
  }
}
