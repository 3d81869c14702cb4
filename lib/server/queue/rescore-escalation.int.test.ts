import { afterEach, describe, expect, it } from "vitest";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { ensureDisplayJudge } from "../sessions/session-display";
import { getScoringJudge } from "../thresholds/get-scoring-judge";
import { runRecomputeJobs } from "../thresholds/run-recompute-jobs";
import { saveThresholdVersion } from "../thresholds/save-threshold-version";
import { findThresholdVersion } from "../thresholds/find-threshold-version";
import { scorePool } from "../thresholds/score-pool";
import { insertScoredSession, useScratchDatabase, type TurnSpec } from "../thresholds/thresholds-test-data";

// A queue row whose only escalation reason is near_cutoff gets its new escalation in the same
// UPDATE as its new score, and the update trigger refreshes only what that did not settle
// (migration "queue_rescore_inline_escalation"). Here rows move into, out of and within the
// cut-off margins, some of them with another reason (a low-confidence label) too, and after
// every change of display judge and every recompute each row must hold exactly what a full
// refresh (queue_escalation_rows) computes.

// Completeness from 0 to 1 in 95 steps, with the seed's thesis weights, spreads v1's scores
// from 0.26 to 0.86: many within 0.02 of the cut-offs 0.5, 0.65 and 0.8, many outside.
const TURNS: TurnSpec[] = Array.from({ length: 96 }, (_, i) => ({
  personaId: "thesis",
  length: 0.5,
  sentiment: 0.8,
  completeness: i / 95,
  critical: null,
}));

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await drop?.();
  drop = null;
});

type Row = { turn_id: number; judge_score: number; reasons: string[]; priority: number };

async function queueRows(): Promise<Row[]> {
  const { rows } = await scorePool().query<Row>(
    "SELECT turn_id, judge_score, escalation_reasons AS reasons, escalation_priority AS priority FROM queue_items ORDER BY turn_id",
  );
  return rows;
}

async function fullRefresh(): Promise<Omit<Row, "judge_score">[]> {
  const { rows } = await scorePool().query<Omit<Row, "judge_score">>(
    "SELECT turn_id, reasons, priority FROM queue_escalation_rows(ARRAY(SELECT turn_id FROM queue_items)) ORDER BY turn_id",
  );
  return rows;
}

async function expectEqualToFullRefresh(): Promise<Row[]> {
  const stored = await queueRows();
  expect(stored.map(({ turn_id, reasons, priority }) => ({ turn_id, reasons, priority }))).toEqual(await fullRefresh());
  return stored;
}

/** Another judge's scores of every turn: v1's shifted by `shift`, clamped to [0, 1]. */
async function insertShiftedJudge(name: string, shift: (i: number) => number): Promise<number> {
  const pool = scorePool();
  const { rows } = await pool.query<{ id: number }>("INSERT INTO judges (name, version, kind) VALUES ($1, 'v1', 'llm') RETURNING id", [name]);
  await pool.query(
    `INSERT INTO judge_scores (turn_id, judge_id, overall_score)
     SELECT js.turn_id, $1, LEAST(1, GREATEST(0, js.overall_score + ($2::float8[])[(row_number() OVER (ORDER BY js.turn_id))::int]))
     FROM judge_scores js JOIN judges j ON j.id = js.judge_id AND j.name = 'heuristic' AND j.version = 'v1'`,
    [rows[0].id, TURNS.map((_, i) => shift(i))],
  );
  return rows[0].id;
}

describe("the queue's escalation after a rescore", () => {
  it("equals a full refresh after changes of display judge and a recompute, rows with other reasons included", async () => {
    drop = await useScratchDatabase();
    const { turnIds } = await insertScoredSession(TURNS);
    const pool = scorePool();
    const labeller = await pool.query<{ id: number }>("INSERT INTO judges (name, version, kind) VALUES ('labeller', '1', 'llm') RETURNING id");
    // Every third turn has a low-confidence label: low_confidence besides near_cutoff, or alone.
    await pool.query(
      "INSERT INTO judge_labels (turn_id, judge_id, label, confidence) SELECT t, $2, 'good', 0.3 FROM unnest($1::int[]) t",
      [turnIds.filter((_, i) => i % 3 === 0), labeller.rows[0].id],
    );
    const seed = await expectEqualToFullRefresh();
    const near = seed.filter((row) => row.reasons.includes("near_cutoff"));
    expect(near.length).toBeGreaterThan(10);
    expect(near.filter((row) => row.reasons.includes("low_confidence")).length).toBeGreaterThan(3);

    // Shifts of ±0.004 to ±0.03: rows cross into and out of the margins and move within them.
    const wobbly = await insertShiftedJudge("wobbly", (i) => ((i % 7) - 3) * 0.01 + (i % 2 ? 0.004 : -0.004));
    expect(await ensureDisplayJudge(wobbly)).toBe(true);
    const moved = await expectEqualToFullRefresh();
    const { rows: expected } = await pool.query<{ turn_id: number; overall_score: number }>(
      "SELECT turn_id, overall_score FROM judge_scores WHERE judge_id = $1 ORDER BY turn_id",
      [wobbly],
    );
    expect(moved.map((row) => row.judge_score)).toEqual(expected.map((row) => row.overall_score));
    const changedReasons = moved.filter((row, i) => row.reasons.join() !== seed[i].reasons.join()).length;
    expect(changedReasons).toBeGreaterThan(5);

    // A recompute under new weights, its judge the display judge: rows rescored batch by batch.
    const active = await findThresholdVersion("active");
    const weights = { ...SEED_THRESHOLDS.weights, thesis: { length: 0.3, sentiment: 0.15, completeness: 0.55 } };
    await saveThresholdVersion({ thresholds: { cutoffs: active.cutoffs, weights }, note: "reweigh", basedOnId: active.id, authorId: null });
    const judge = (await getScoringJudge("active", { startRecompute: false })).judge.id;
    expect(await ensureDisplayJudge(judge)).toBe(true);
    expect((await runRecomputeJobs({ batchSize: 10 })).failed).toEqual([]);
    await expectEqualToFullRefresh();

    const seedJudge = await pool.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'");
    expect(await ensureDisplayJudge(seedJudge.rows[0].id)).toBe(true);
    const back = await expectEqualToFullRefresh();
    expect(back).toEqual(seed);
  });

  it("equals a full refresh for rows added by new v1 scores: near a cut-off alone, with a label written before the score, and under another display judge", async () => {
    drop = await useScratchDatabase();
    await insertScoredSession(TURNS);
    const pool = scorePool();
    const fromInsert = await expectEqualToFullRefresh();
    expect(fromInsert.filter((row) => row.reasons.join() === "near_cutoff").length).toBe(16);

    // Turns whose labels come before their v1 scores: their new queue rows may hold
    // low_confidence besides near_cutoff, which the score alone does not give.
    const seedJudge = await pool.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'");
    const session = await pool.query<{ id: number }>(
      "INSERT INTO eval_sessions (external_id, content_hash, turn_count, updated_at) VALUES ('labelled-first', 'h', 96, now()) RETURNING id",
    );
    const { rows: turns } = await pool.query<{ id: number }>(
      "INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, raw) SELECT $1, o, 'thesis', 'r', 1, '{}' FROM generate_series(0, 95) o ORDER BY o RETURNING id",
      [session.rows[0].id],
    );
    const turnIds = turns.map((row) => row.id).sort((a, b) => a - b);
    const labeller = await pool.query<{ id: number }>("INSERT INTO judges (name, version, kind) VALUES ('labeller', '1', 'llm') RETURNING id");
    await pool.query("INSERT INTO judge_labels (turn_id, judge_id, label, confidence) SELECT t, $2, 'good', 0.3 FROM unnest($1::int[]) t", [
      turnIds.filter((_, i) => i % 3 === 0),
      labeller.rows[0].id,
    ]);
    const scoresOf = (ids: number[]) => fromInsert.slice(0, ids.length).map((row) => row.judge_score);
    await pool.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score) SELECT * FROM unnest($1::int[], $2::int[], $3::float8[])", [
      turnIds.slice(0, 48),
      turnIds.slice(0, 48).map(() => seedJudge.rows[0].id),
      scoresOf(turnIds.slice(0, 48)),
    ]);
    const labelled = await expectEqualToFullRefresh();
    expect(labelled.filter((row) => row.reasons.join() === "low_confidence,near_cutoff").length).toBe(2);

    // Under another display judge, a new row takes that judge's score where it has one.
    const other = await pool.query<{ id: number }>("INSERT INTO judges (name, version, kind) VALUES ('other', 'v1', 'llm') RETURNING id");
    await pool.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score) SELECT t, $2, 0.655 FROM unnest($1::int[]) t", [turnIds.slice(48), other.rows[0].id]);
    expect(await ensureDisplayJudge(other.rows[0].id)).toBe(true);
    await pool.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score) SELECT * FROM unnest($1::int[], $2::int[], $3::float8[])", [
      turnIds.slice(48),
      turnIds.slice(48).map(() => seedJudge.rows[0].id),
      scoresOf(turnIds.slice(48)),
    ]);
    const underOther = await expectEqualToFullRefresh();
    const added = underOther.filter((row) => turnIds.slice(48).includes(row.turn_id));
    expect(added.map((row) => row.judge_score)).toEqual(turnIds.slice(48).map(() => 0.655));
    expect(added.every((row) => row.reasons.includes("near_cutoff"))).toBe(true);
  });
});
