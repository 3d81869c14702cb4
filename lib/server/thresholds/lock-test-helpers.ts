// For integration tests that hold two transactions open at once on their own connections
// (judge-score-references, rated-unit-score-references): connections to close after each test
// (before its scratch database goes), a judge to write scores of, a count of rows whose turn or judge is gone, and whether a
// statement is waiting for a lock.
import pg from "pg";
import { databaseUrl } from "../db";
import { scorePool } from "./score-pool";

const clients: pg.Client[] = [];

/** Closes every connection connect() opened. */
export async function closeConnections(): Promise<void> {
  for (const client of clients.splice(0)) await client.end().catch(() => undefined);
}

/** A connection of its own, closed by closeConnections(). */
export async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  clients.push(client);
  return client;
}

export async function newJudge(name: string): Promise<number> {
  const { rows } = await scorePool().query<{ id: number }>("INSERT INTO judges (name, version, kind) VALUES ($1, 'v1', 'heuristic') RETURNING id", [name]);
  return rows[0].id;
}

/** Rows of `table` (judge_scores or rated_unit_scores) whose turn or judge does not exist. */
export async function orphansIn(table: "judge_scores" | "rated_unit_scores"): Promise<number> {
  const { rows } = await scorePool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} x
     WHERE NOT EXISTS (SELECT 1 FROM turns t WHERE t.id = x.turn_id) OR NOT EXISTS (SELECT 1 FROM judges j WHERE j.id = x.judge_id)`,
  );
  return rows[0].n;
}

/** True when the promise is still pending after a while (it waits for a lock). */
export async function isWaiting(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol("waiting");
  const result = await Promise.race([promise.then(() => null, () => null), new Promise((resolve) => setTimeout(() => resolve(marker), 300))]);
  return result === marker;
}
