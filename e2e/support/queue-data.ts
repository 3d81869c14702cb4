// Data for e2e/queue.spec.ts, written straight into the test server's database: one session
// of scored turns under a persona id of its own, and the queue's scope set to that persona,
// so the turns other specs seed (and the demo data) never come up in the spec's queue.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { testDatabaseUrl } from "../fixtures";

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type SeededTurn = { id: number; ordinal: number; response: string; score: number };
export type SeededQueue = {
  personaId: string;
  seedPrompt: string;
  /** In the order the queue should offer them: nearest a cut-off of the active thresholds first. */
  turns: SeededTurn[];
  /** Restores the queue settings and scope the spec found. */
  restore: () => Promise<void>;
};

/** Judge scores with digits no page would show by chance, near the seed's cut-offs. */
const SCORES = [0.6471829, 0.5123917, 0.8034561, 0.4712389, 0.6692713];

export async function seedQueue(): Promise<SeededQueue> {
  return withClient(async (client) => {
    const personaId = `e2e-queue-${randomUUID().slice(0, 8)}`;
    const seedPrompt = `Should a city plan for cars or for people? (${personaId})`;
    await client.query("BEGIN");
    await client.query("INSERT INTO judges (name, version, kind) VALUES ('heuristic', 'v1', 'heuristic') ON CONFLICT (name, version) DO NOTHING");
    const judge = await client.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'");
    const session = await client.query<{ id: number }>(
      "INSERT INTO eval_sessions (external_id, content_hash, turn_count, seed_prompt, updated_at) VALUES ($1, $1, $2, $3, now()) RETURNING id",
      [`e2e-queue-${randomUUID()}`, SCORES.length, seedPrompt],
    );
    const turns: SeededTurn[] = [];
    for (const [ordinal, score] of SCORES.entries()) {
      const response = `Queue response ${ordinal + 1}: streets should serve whoever walks them (${personaId}).`;
      const raw = { response, evaluation_metrics: { overall_score: score } }; // what an imported log line holds
      const turn = await client.query<{ id: number }>(
        "INSERT INTO turns (session_id, ordinal, persona_id, persona_name, persona_role, response, word_count, raw) VALUES ($1, $2, $3, 'Queue Persona', 'Tester', $4, 9, $5) RETURNING id",
        [session.rows[0].id, ordinal, personaId, response, JSON.stringify(raw)],
      );
      await client.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics) VALUES ($1, $2, $3, $4)", [
        turn.rows[0].id,
        judge.rows[0].id,
        score,
        JSON.stringify({ overall_score: score }),
      ]);
      turns.push({ id: turn.rows[0].id, ordinal, response, score });
    }
    const before = await client.query<{ key: string; value: unknown }>("SELECT key, value FROM settings WHERE key IN ('queue.settings', 'queue.scope')");
    await setSetting(client, "queue.scope", { personaId });
    await setSetting(client, "queue.settings", { ratingsPerTurn: 2, leaseMinutes: 5, goldRate: 0, skipCooldownHours: 24 });
    const cut = await client.query<{ fair: number; good: number; excellent: number }>(
      "SELECT fair_cutoff AS fair, good_cutoff AS good, excellent_cutoff AS excellent FROM threshold_versions WHERE is_active",
    );
    await client.query("COMMIT");

    const { fair, good, excellent } = cut.rows[0] ?? { fair: 0.5, good: 0.65, excellent: 0.8 };
    const distance = (score: number) => Math.min(Math.abs(score - fair), Math.abs(score - good), Math.abs(score - excellent));
    turns.sort((a, b) => distance(a.score) - distance(b.score) || a.id - b.id);
    const restore = () =>
      withClient(async (c) => {
        await c.query("DELETE FROM settings WHERE key IN ('queue.settings', 'queue.scope')");
        for (const row of before.rows) await setSetting(c, row.key, row.value);
      });
    return { personaId, seedPrompt, turns, restore };
  });
}

async function setSetting(client: pg.Client, key: string, value: unknown): Promise<void> {
  await client.query(
    "INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, now()) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()",
    [key, JSON.stringify(value)],
  );
}

/** What the spec checks in the database after rating: the rater's ratings and skips on the seeded turns. */
export async function readQueueOutcome(turnIds: number[], email: string) {
  return withClient(async (client) => {
    const ratings = await client.query<{ turn_id: number; level: number; time_spent_ms: number; rubric_version_id: number | null; is_gold: boolean }>(
      `SELECT r.turn_id, r.level, r.time_spent_ms, r.rubric_version_id, r.is_gold FROM ratings r JOIN users u ON u.id = r.rater_id
       WHERE u.email = $1 AND r.turn_id = ANY($2::int[]) AND r.criterion = 'overall' ORDER BY r.created_at`,
      [email, turnIds],
    );
    const skips = await client.query<{ turn_id: number }>(
      "SELECT s.turn_id FROM rating_skips s JOIN users u ON u.id = s.rater_id WHERE u.email = $1 AND s.turn_id = ANY($2::int[])",
      [email, turnIds],
    );
    return { ratings: ratings.rows, skippedTurnIds: skips.rows.map((row) => row.turn_id) };
  });
}
