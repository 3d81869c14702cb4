import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { closeConnections, connect, isWaiting, newJudge, orphansIn } from "./lock-test-helpers";
import { scorePool } from "./score-pool";
import { insertScoredSession, useScratchDatabase } from "./thresholds-test-data";

// judge_scores' references to turns and judges are kept by statement triggers that take the
// foreign key's row locks once per statement (migration "judge_scores_references_row_locks").
// These tests hold two transactions open at once, on two connections, in both orders, and
// check that a score can never outlive its turn or judge.

const TURN = { personaId: "thesis", length: 0.5, sentiment: 0.1, completeness: 0.5, critical: null };

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await closeConnections();
  await drop?.();
  drop = null;
});

const insertScore = (client: pg.Client, turnId: number, judgeId: number) =>
  client.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score) VALUES ($1, $2, 0.5)", [turnId, judgeId]);

describe("a judge score's turn and judge", () => {
  it("must exist: a score of a missing turn or judge fails as the foreign key did, naming it", async () => {
    drop = await useScratchDatabase();
    const { turnIds } = await insertScoredSession([TURN]);
    const judgeId = await newJudge("other");
    const client = await connect();

    await expect(insertScore(client, turnIds[0] + 1000, judgeId)).rejects.toMatchObject({
      code: "23503",
      constraint: "judge_scores_turn_id_fkey",
      detail: `Key (turn_id)=(${turnIds[0] + 1000}) is not present in table "turns".`,
    });
    await expect(insertScore(client, turnIds[0], judgeId + 1000)).rejects.toMatchObject({ code: "23503", constraint: "judge_scores_judge_id_fkey" });
    await expect(client.query("UPDATE judge_scores SET turn_id = turn_id + 1000")).rejects.toMatchObject({ code: "23503" });
    // A batch with one bad row writes nothing.
    await expect(
      client.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score) SELECT t, $2, 0.5 FROM unnest($1::int[]) t", [[turnIds[0], turnIds[0] + 1000], judgeId]),
    ).rejects.toMatchObject({ code: "23503" });
    const { rows } = await scorePool().query<{ n: number }>("SELECT count(*)::int AS n FROM judge_scores WHERE judge_id = $1", [judgeId]);
    expect(rows[0].n).toBe(0);
  });

  it("takes its scores with it when deleted, alone or with its session, and on TRUNCATE … CASCADE", async () => {
    drop = await useScratchDatabase();
    const first = await insertScoredSession([TURN, TURN]);
    const second = await insertScoredSession([TURN, TURN]);
    const judgeId = await newJudge("other");
    const client = await connect();
    for (const turnId of [...first.turnIds, ...second.turnIds]) await insertScore(client, turnId, judgeId);

    await client.query("DELETE FROM turns WHERE id = $1", [first.turnIds[0]]);
    await client.query("DELETE FROM eval_sessions WHERE id = $1", [second.sessionId]);
    const left = await scorePool().query<{ turn_id: number }>("SELECT turn_id FROM judge_scores ORDER BY turn_id, judge_id");
    expect(left.rows.map((row) => row.turn_id)).toEqual([first.turnIds[1], first.turnIds[1]]);

    await client.query("DELETE FROM judges WHERE id = $1", [judgeId]);
    const { rows } = await scorePool().query<{ n: number }>("SELECT count(*)::int AS n FROM judge_scores");
    expect(rows[0].n).toBe(1);
    await client.query("TRUNCATE eval_sessions CASCADE");
    expect((await scorePool().query<{ n: number }>("SELECT count(*)::int AS n FROM judge_scores")).rows[0].n).toBe(0);
  });

  it("deleted while a score of it is being written: the delete waits, then takes the committed score with it", async () => {
    drop = await useScratchDatabase();
    const { sessionId, turnIds } = await insertScoredSession([TURN, TURN]);
    const judgeId = await newJudge("other");
    const [writer, deleter, judgeDeleter] = [await connect(), await connect(), await connect()];

    await writer.query("BEGIN");
    await insertScore(writer, turnIds[0], judgeId);
    const deleting = deleter.query("DELETE FROM eval_sessions WHERE id = $1", [sessionId]);
    expect(await isWaiting(deleting)).toBe(true);
    await writer.query("COMMIT");
    await deleting;
    expect(await orphansIn("judge_scores")).toBe(0);
    expect((await scorePool().query("SELECT 1 FROM judge_scores WHERE judge_id = $1", [judgeId])).rowCount).toBe(0);

    const other = await insertScoredSession([TURN]);
    await writer.query("BEGIN");
    await insertScore(writer, other.turnIds[0], judgeId);
    const deletingJudge = judgeDeleter.query("DELETE FROM judges WHERE id = $1", [judgeId]);
    expect(await isWaiting(deletingJudge)).toBe(true);
    await writer.query("COMMIT");
    await deletingJudge;
    expect(await orphansIn("judge_scores")).toBe(0);
  });

  it("deleted before a score of it commits: the writer waits, then fails; in REPEATABLE READ too", async () => {
    drop = await useScratchDatabase();
    const { turnIds } = await insertScoredSession([TURN, TURN]);
    const judgeId = await newJudge("other");
    const [writer, deleter] = [await connect(), await connect()];

    await deleter.query("BEGIN");
    await deleter.query("DELETE FROM turns WHERE id = $1", [turnIds[0]]);
    const writing = insertScore(writer, turnIds[0], judgeId);
    expect(await isWaiting(writing)).toBe(true);
    await deleter.query("COMMIT");
    await expect(writing).rejects.toMatchObject({ code: "23503", constraint: "judge_scores_turn_id_fkey" });

    // A writer whose snapshot predates the delete locks the turn as a foreign key would.
    await writer.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
    await writer.query("SELECT 1");
    await deleter.query("DELETE FROM turns WHERE id = $1", [turnIds[1]]);
    await expect(insertScore(writer, turnIds[1], judgeId)).rejects.toMatchObject({ code: "40001" });
    await writer.query("ROLLBACK");
    expect(await orphansIn("judge_scores")).toBe(0);
  });

  it("never changes its id, and is deleted in READ COMMITTED only, since its scores go by a trigger", async () => {
    drop = await useScratchDatabase();
    const { turnIds } = await insertScoredSession([TURN]);
    const judgeId = await newJudge("other");
    const client = await connect();
    await insertScore(client, turnIds[0], judgeId);

    await expect(client.query("UPDATE turns SET id = id + 1000 WHERE id = $1", [turnIds[0]])).rejects.toMatchObject({ code: "23503" });
    await expect(client.query("UPDATE judges SET id = id + 1000 WHERE id = $1", [judgeId])).rejects.toMatchObject({ code: "23503" });
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
    await expect(client.query("DELETE FROM turns WHERE id = $1", [turnIds[0]])).rejects.toMatchObject({ code: "0A000" });
    await client.query("ROLLBACK");
    expect((await scorePool().query("SELECT 1 FROM judge_scores WHERE turn_id = $1", [turnIds[0]])).rowCount).toBe(2);
  });

  it("written in the transaction that inserted its turn: the turn is not locked, and a bad judge still fails", async () => {
    drop = await useScratchDatabase();
    const { sessionId } = await insertScoredSession([TURN]);
    const judgeId = await newJudge("other");
    const client = await connect();
    await client.query("BEGIN");
    const { rows } = await client.query<{ id: number }>(
      "INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, raw) VALUES ($1, 99, 'thesis', 'r', 1, '{}') RETURNING id",
      [sessionId],
    );
    await insertScore(client, rows[0].id, judgeId);
    // A row lock writes the locker into the row's xmax.
    const { rows: lockedTurns } = await client.query("SELECT 1 FROM turns WHERE id = $1 AND xmax <> '0'", [rows[0].id]);
    expect(lockedTurns).toHaveLength(0);
    await expect(insertScore(client, rows[0].id, judgeId + 1000)).rejects.toMatchObject({ code: "23503", constraint: "judge_scores_judge_id_fkey" });
    await client.query("ROLLBACK");
  });
});
