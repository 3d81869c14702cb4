import "server-only";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { assemblePackedTurns, type TurnColumns } from "@/lib/thresholds/assemble-packed-turns";
import { ScorePackParser, type PackedTurns } from "@/lib/thresholds/score-pack-parser";

/**
 * Every turn the heuristic judge v1 scored, read from score_index_packs (one byte string per
 * session, kept by triggers) instead of joining judge_scores with turns: PostgreSQL sends a
 * few thousand byte strings as they are stored, with no per-number work on either side. The
 * table is read in `parts` page ranges at once (one connection each, so PostgreSQL reads
 * one part while another is decoded here), all under one snapshot exported by the first
 * connection, so that a pack rewritten meanwhile is neither seen twice nor missed.
 * `personas` are the persona names by position (the columns' `persona`).
 */
export async function readScorePacks(pool: pg.Pool, options: { parts?: number; expectedTurns?: number } = {}): Promise<{ personas: string[]; columns: TurnColumns }> {
  const parts = Math.max(1, options.parts ?? 2);
  const clients = await Promise.all(Array.from({ length: parts }, () => pool.connect()));
  const [first, ...others] = clients;
  let isBroken = false;
  try {
    await first.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { rows } = await first.query<{ snapshot: string; pages: string; personas: { code: number; persona_id: string }[] | null }>(
      `SELECT pg_export_snapshot() AS snapshot,
              pg_relation_size('score_index_packs') / current_setting('block_size')::int AS pages,
              (SELECT json_agg(json_build_object('code', code, 'persona_id', persona_id) ORDER BY code) FROM score_index_personas) AS personas`,
    );
    await Promise.all(
      others.map(async (client) => {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        await client.query(`SET TRANSACTION SNAPSHOT ${client.escapeLiteral(rows[0].snapshot)}`);
      }),
    );
    const known = rows[0].personas ?? [];
    const personas = known.map((row) => row.persona_id);
    const positionOfCode = new Int32Array(known.reduce((max, row) => Math.max(max, row.code), 0) + 1).fill(-1);
    known.forEach((row, position) => (positionOfCode[row.code] = position));

    // Page ranges: the last one open-ended, so a table grown since its size was read is still read whole.
    const pages = Number(rows[0].pages);
    const step = Math.ceil(pages / parts);
    const capacity = Math.ceil(((options.expectedTurns ?? 0) / parts) * 1.1) + 1024;
    const packed = await Promise.all(
      clients.map(async (client, k): Promise<PackedTurns> => {
        const bounds = [k > 0 ? `ctid >= '(${k * step},0)'::tid` : "", k < parts - 1 ? `ctid < '(${(k + 1) * step},0)'::tid` : ""].filter(Boolean);
        const sql = `COPY (SELECT session_id, first_turn_id, last_turn_id, turn_count, data FROM score_index_packs${bounds.length > 0 ? ` WHERE ${bounds.join(" AND ")}` : ""}) TO STDOUT (FORMAT binary)`;
        const parser = new ScorePackParser(positionOfCode, capacity);
        for await (const chunk of client.query(copyTo(sql))) parser.push(chunk as Buffer);
        return parser.finish();
      }),
    );
    await Promise.all(clients.map((client) => client.query("COMMIT")));
    return { personas, columns: assemblePackedTurns(packed) };
  } catch (error) {
    isBroken = true;
    throw error;
  } finally {
    // A connection left inside a failed transaction or COPY is not given back to the pool.
    for (const client of clients) client.release(isBroken ? true : undefined);
  }
}
