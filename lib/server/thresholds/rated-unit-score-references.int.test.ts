import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { closeConnections, connect, isWaiting, newJudge, orphansIn } from "./lock-test-helpers";
import { scorePool } from "./score-pool";
import { insertScoredSession, useScratchDatabase } from "./thresholds-test-data";

// rated_unit_scores' references to turns and judges are foreign keys again (migration
// "score_foreign_keys_back", after a session where statement triggers and an advisory lock
// kept them). A rated turn's judge scores are copied there; these tests check that a copy
// can never outlive its turn or judge, with two transactions open at once in both orders.

const RATED = { personaId: "thesis", length: 0.5, sentiment: 0.1, completeness: 0.5, critical: null, ratings: [3, 4] };

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await closeConnections();
  await drop?.();
  drop = null;
});

/** Every rated_unit_scores row as "judge:turn:score", sorted. */
async function copies(): Promise<string[]> {
  const { rows } = await scorePool().query<{ row: string }>("SELECT judge_id || ':' || turn_id || ':' || score AS row FROM rated_unit_scores ORDER BY judge_id, turn_id");
  return rows.map((row) => row.row);
}

const insertScore = (client: pg.Client, turnId: number, judgeId: number, score = 0.25) =>
  client.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score) VALUES ($1, $2, $3)", [turnId, judgeId, score]);

describe("a rated turn's judge score copies", () => {
  it("follow judge_scores, and a copy of a missing turn or judge fails as the foreign key did, naming it", async () => {
    drop = await useScratchDatabase();
    const { turnIds } = await insertScoredSession([RATED, { ...RATED, ratings: [] }]);
    const judgeId = await newJudge("other");
    const client = await connect();
    await insertScore(client, turnIds[0], judgeId);
    await insertScore(client, turnIds[1], judgeId); // not rated: no copy
    const seed = (await copies()).filter((row) => !row.startsWith(`${judgeId}:`));
    expect(seed).toHaveLength(1);
    expect(await copies()).toEqual([...seed, `${judgeId}:${turnIds[0]}:0.25`].sort());

    await expect(client.query("INSERT INTO rated_unit_scores (judge_id, turn_id, score) VALUES ($1, $2, 0.5)", [judgeId, turnIds[0] + 1000])).rejects.toMatchObject({
      code: "23503",
      constraint: "rated_unit_scores_turn_id_fkey",
      detail: `Key (turn_id)=(${turnIds[0] + 1000}) is not present in table "turns".`,
    });
    await expect(client.query("INSERT INTO rated_unit_scores (judge_id, turn_id, score) VALUES ($1, $2, 0.5)", [judgeId + 1000, turnIds[1]])).rejects.toMatchObject({
      code: "23503",
      constraint: "rated_unit_scores_judge_id_fkey",
    });
    await expect(client.query("UPDATE rated_unit_scores SET turn_id = turn_id + 1000")).rejects.toMatchObject({ code: "23503" });
    expect(await copies()).toEqual([...seed, `${judgeId}:${turnIds[0]}:0.25`].sort());
  });

  it("go with their turn, session or judge when deleted, and on TRUNCATE … CASCADE", async () => {
    drop = await useScratchDatabase();
    const first = await insertScoredSession([RATED, RATED]);
    const second = await insertScoredSession([RATED]);
    const judgeId = await newJudge("other");
    const client = await connect();
    for (const turnId of [...first.turnIds, ...second.turnIds]) await insertScore(client, turnId, judgeId);
    expect(await copies()).toHaveLength(6);

    await client.query("DELETE FROM turns WHERE id = $1", [first.turnIds[0]]);
    await client.query("DELETE FROM eval_sessions WHERE id = $1", [second.sessionId]);
    expect((await copies()).map((row) => Number(row.split(":")[1]))).toEqual([first.turnIds[1], first.turnIds[1]]);
    await client.query("DELETE FROM judges WHERE id = $1", [judgeId]);
    expect(await copies()).toHaveLength(1);
    await client.query("TRUNCATE eval_sessions CASCADE");
    expect(await copies()).toEqual([]);
  });

  it("written while their turn or judge is deleted: the delete waits for the writer, then takes the copy too", async () => {
    drop = await useScratchDatabase();
    const { sessionId, turnIds } = await insertScoredSession([RATED]);
    const judgeId = await newJudge("other");
    const [writer, deleter] = [await connect(), await connect()];

    await writer.query("BEGIN");
    await insertScore(writer, turnIds[0], judgeId);
    const deleting = deleter.query("DELETE FROM eval_sessions WHERE id = $1", [sessionId]);
    expect(await isWaiting(deleting)).toBe(true);
    await writer.query("COMMIT");
    await deleting;
    expect(await copies()).toEqual([]);

    // A rating copies every judge's score of its turn (refresh_rated_units), as the judge goes.
    const other = await insertScoredSession([{ ...RATED, ratings: [] }]);
    await insertScore(writer, other.turnIds[0], judgeId);
    await writer.query("BEGIN");
    await writer.query("INSERT INTO ratings (turn_id, annotator, level, source) VALUES ($1, 'r9', 2, 'imported')", [other.turnIds[0]]);
    expect((await writer.query("SELECT 1 FROM rated_unit_scores WHERE turn_id = $1", [other.turnIds[0]])).rowCount).toBe(2);
    const deletingJudge = deleter.query("DELETE FROM judges WHERE id = $1", [judgeId]);
    expect(await isWaiting(deletingJudge)).toBe(true);
    await writer.query("COMMIT");
    await deletingJudge;
    expect(await orphansIn("rated_unit_scores")).toBe(0);
    expect(await copies()).toHaveLength(1);
  });

  it("whose judge was deleted before the write committed: the writer waits, then fails", async () => {
    drop = await useScratchDatabase();
    const { turnIds } = await insertScoredSession([{ ...RATED, ratings: [] }]);
    const judgeId = await newJudge("other");
    const [writer, deleter] = [await connect(), await connect()];
    await insertScore(writer, turnIds[0], judgeId);

    await deleter.query("BEGIN");
    await deleter.query("DELETE FROM judges WHERE id = $1", [judgeId]);
    const writing = writer.query("INSERT INTO rated_unit_scores (judge_id, turn_id, score) VALUES ($1, $2, 0.5)", [judgeId, turnIds[0]]);
    expect(await isWaiting(writing)).toBe(true);
    await deleter.query("COMMIT");
    await expect(writing).rejects.toMatchObject({ code: "23503", constraint: "rated_unit_scores_judge_id_fkey" });
    expect(await orphansIn("rated_unit_scores")).toBe(0);
  });
});
