// The thresholds preview's very first read (nothing of the score index in memory), for
// bench/thresholds.bench.ts: (1) the score index read as before migration "score_index_packs"
// (every score joined with its turn, a binary COPY in two halves) and as now (the packs),
// alternated on the same data; (2) the first preview in a fresh Node process (this file run
// as a child: it loads the modules, then times only the preview, as a running server would
// meet it); (3) what the packs' triggers add to writes: import-like inserts and a
// recompute-like insert of another judge's scores, with the triggers on and off.
import { spawnSync } from "node:child_process";
import { register } from "node:module";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { startCpuClock } from "./cpu-time.ts";

type Cpu = { wall: number; node: number; postgres: number };
const show = (run: Cpu) => `${run.wall.toFixed(2)} s (CPU ${(run.node / 1000).toFixed(2)} s Node + ${(run.postgres / 1000).toFixed(2)} s PostgreSQL)`;

async function timed(dir: string, work: () => Promise<unknown>): Promise<Cpu> {
  const clock = startCpuClock(dir);
  const started = process.hrtime.bigint();
  await work();
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  return { wall, ...clock.stop() };
}

/** The index read both ways, alternated: `rounds` of each. */
export async function pairedIndexReads(pool: pg.Pool, dir: string, judgeId: number, rounds = 2): Promise<{ before: Cpu[]; now: Cpu[] }> {
  const { readScoreRows } = await import("../lib/server/thresholds/read-score-rows.ts");
  const { readScorePacks } = await import("../lib/server/thresholds/read-score-packs.ts");
  const personas = (await pool.query<{ persona_id: string }>("SELECT DISTINCT persona_id FROM turns ORDER BY 1")).rows.map((row) => row.persona_id);
  const { rows } = await pool.query<{ first: number; last: number; n: number }>(
    "SELECT min(turn_id) AS first, max(turn_id) AS last, count(*)::int AS n FROM judge_scores WHERE judge_id = $1",
    [judgeId],
  );
  const { first, last, n } = rows[0];
  const middle = Math.floor((first + last) / 2);
  const runs = { before: [] as Cpu[], now: [] as Cpu[] };
  for (let round = 0; round < rounds; round++) {
    runs.before.push(
      await timed(dir, () =>
        Promise.all([
          readScoreRows(pool, judgeId, personas, { afterTurnId: first - 1, upToTurnId: middle }, n / 2),
          readScoreRows(pool, judgeId, personas, { afterTurnId: middle, upToTurnId: null }, n / 2),
        ]),
      ),
    );
    runs.now.push(await timed(dir, () => readScorePacks(pool)));
  }
  return runs;
}

/** The first preview in a fresh Node process against the bench database. */
export function firstPreviewInFreshProcess(dir: string): { imports: number; preview: Cpu } {
  const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--child", dir], { encoding: "utf8", env: process.env });
  const line = child.stdout.split("\n").find((text) => text.startsWith("{"));
  if (child.status !== 0 || !line) throw new Error(`first preview in a fresh process failed: ${child.stderr}`);
  return JSON.parse(line);
}

/**
 * What the packs' triggers cost writes, PostgreSQL CPU per turn, on and off alternated:
 * sessions of `turnsPerSession` scored turns inserted `sessionsPerStatement` at a time as an
 * import does (its sessions claimed), and one judge's scores copied as another judge's, as a
 * recompute does. Everything is rolled back.
 */
export async function pairedTriggerCost(pool: pg.Pool, dir: string, judgeId: number, options = { sessions: 200, turnsPerSession: 100, sessionsPerStatement: 10, recomputeTurns: 100_000 }) {
  const client = await pool.connect();
  const triggers = ["judge_scores_score_packs_insert", "judge_scores_score_packs_update", "judge_scores_score_packs_delete", "turns_score_packs_update", "turns_score_packs_delete"];
  const setTriggers = async (on: boolean) => {
    for (const name of triggers) await client.query(`ALTER TABLE ${name.startsWith("turns") ? "turns" : "judge_scores"} ${on ? "ENABLE" : "DISABLE"} TRIGGER ${name}`);
  };
  const turns = options.sessions * options.turnsPerSession;
  const result = { import: { on: [] as number[], off: [] as number[] }, recompute: { on: [] as number[], off: [] as number[] } };
  try {
    for (const on of [false, true, false, true]) {
      await setTriggers(on);
      let run = await timed(dir, async () => {
        await client.query("BEGIN");
        await client.query("SET LOCAL concord.sessions_claimed = 'on'");
        for (let s = 0; s < options.sessions; s += options.sessionsPerStatement) {
          const ids = (
            await client.query<{ id: number }>(
              `INSERT INTO eval_sessions (external_id, content_hash, turn_count, updated_at)
               SELECT 'packs-cost-' || gen_random_uuid(), 'h', $1, now() FROM generate_series(1, $2) RETURNING id`,
              [options.turnsPerSession, options.sessionsPerStatement],
            )
          ).rows.map((row) => row.id);
          await client.query(
            `INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, raw)
             SELECT s, o, (ARRAY['thesis', 'antithesis', 'synthesis', 'monitor'])[o % 4 + 1], 'r', 1, '{}'::jsonb
             FROM unnest($1::int[]) s CROSS JOIN generate_series(0, $2 - 1) o ORDER BY s, o`,
            [ids, options.turnsPerSession],
          );
          await client.query(
            `INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score, critical_intensity)
             SELECT id, $2, 0.5, 0.25, -0.5, 0.75, NULL FROM turns WHERE session_id = ANY($1::int[])`,
            [ids, judgeId],
          );
        }
      });
      await client.query("ROLLBACK");
      result.import[on ? "on" : "off"].push((run.postgres * 1000) / turns);

      run = await timed(dir, async () => {
        await client.query("BEGIN");
        const other = await client.query<{ id: number }>("INSERT INTO judges (name, version, kind) VALUES ('packs-cost', gen_random_uuid()::text, 'heuristic') RETURNING id");
        await client.query(
          `INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score, critical_intensity)
           SELECT turn_id, $2, overall_score, length_score, sentiment_score, completeness_score, critical_intensity
           FROM judge_scores WHERE judge_id = $1 ORDER BY turn_id LIMIT $3`,
          [judgeId, other.rows[0].id, options.recomputeTurns],
        );
      });
      await client.query("ROLLBACK");
      result.recompute[on ? "on" : "off"].push((run.postgres * 1000) / options.recomputeTurns);
    }
  } finally {
    await setTriggers(true);
    client.release();
  }
  return result;
}

export { show };

// The child: load what a server has loaded, then time the first preview alone.
if (process.argv[2] === "--child") {
  register("../scripts/lib/server-only-hook.mjs", import.meta.url);
  const dir = process.argv[3];
  const started = process.hrtime.bigint();
  const { previewThresholds } = await import("../lib/server/thresholds/preview-thresholds.ts");
  const { SEED_THRESHOLDS } = await import("../lib/thresholds/thresholds.schema.ts");
  const { closeScorePool } = await import("../lib/server/thresholds/score-pool.ts");
  const { getDb } = await import("../lib/server/db.ts");
  const imports = Number(process.hrtime.bigint() - started) / 1e9;
  const weights = { ...SEED_THRESHOLDS.weights, thesis: { length: 0.3, sentiment: 0.1, completeness: 0.6 } };
  const preview = await timed(dir, () => previewThresholds({ cutoffs: { fair: 0.5, good: 0.7, excellent: 0.8 }, weights }));
  console.log(JSON.stringify({ imports, preview }));
  await closeScorePool();
  await getDb().$disconnect();
}
