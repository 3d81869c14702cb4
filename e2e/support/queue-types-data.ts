// Data for e2e/queue-types.spec.ts, written straight into the test server's database: a
// judge's labels on a rated turn (so the agreement report has a unit to show), what the
// rater stored, and putting back the rubric version the spec found active.
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

/** The active rubric version now, and a function that makes it active again. */
export async function keepActiveRubric(): Promise<{ restore: () => Promise<void> }> {
  const [active] = await withClient(async (c) => (await c.query<{ id: number; rubric_id: number }>("SELECT id, rubric_id FROM rubric_versions WHERE is_active")).rows);
  const restore = () =>
    withClient(async (c) => {
      if (!active) return;
      // Two statements: one active version per rubric is checked row by row.
      await c.query("BEGIN");
      await c.query("UPDATE rubric_versions SET is_active = false WHERE rubric_id = $1 AND is_active", [active.rubric_id]);
      await c.query("UPDATE rubric_versions SET is_active = true WHERE id = $1", [active.id]);
      await c.query("COMMIT");
    });
  return { restore };
}

/** A judge of its own that gave this turn a label, or a set of labels; returns the judge's name. */
export async function addJudgeLabel(turnId: number, value: string | string[]): Promise<string> {
  const name = `e2e-labels-${randomUUID().slice(0, 8)}`;
  await withClient(async (c) => {
    const judge = await c.query<{ id: number }>("INSERT INTO judges (name, version, kind) VALUES ($1, 'v1', 'imported') RETURNING id", [name]);
    await c.query("INSERT INTO judge_labels (turn_id, judge_id, label, labels, confidence) VALUES ($1, $2, $3, $4, 0.9)", [
      turnId,
      judge.rows[0].id,
      typeof value === "string" ? value : null,
      Array.isArray(value) ? value : null,
    ]);
  });
  return name;
}

export type StoredRating = { criterion: string; level: number | null; score: number | null; label: string | null; labels: string[] | null };

/** The rater's ratings of a turn, one row per criterion, by criterion. */
export async function readRatings(turnId: number, email: string): Promise<StoredRating[]> {
  return withClient(async (c) => {
    const result = await c.query<StoredRating>(
      `SELECT r.criterion, r.level, r.score, r.label, r.labels FROM ratings r JOIN users u ON u.id = r.rater_id
       WHERE u.email = $1 AND r.turn_id = $2 ORDER BY r.criterion`,
      [email, turnId],
    );
    return result.rows;
  });
}
