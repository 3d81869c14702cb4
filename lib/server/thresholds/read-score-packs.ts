import "server-only";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { assembleSharedParts, type TurnColumns } from "@/lib/thresholds/assemble-packed-turns";
import { allocatePackColumns, ScorePackParser } from "@/lib/thresholds/score-pack-parser";

/**
 * Every turn the heuristic judge v1 scored, read from score_index_packs (one byte string per
 * session, kept by triggers) instead of joining judge_scores with turns: PostgreSQL sends a
 * few thousand byte strings as they are stored, with no per-number work on either side. The
 * packs are read in `parts` ranges of their first turn id at once (one connection each, so
 * PostgreSQL reads one part while another is copied here), each in order of its first turn,
 * all under one snapshot exported by the first connection, so that a pack rewritten
 * meanwhile is neither seen twice nor missed. Each part's turns are counted first, so the
 * parts land side by side in one set of columns, in turn order as they lie unless two
 * sessions' turns interleave. `personas` are the persona names by position (the columns'
 * `persona`).
 */
export async function readScorePacks(pool: pg.Pool, options: { parts?: number } = {}): Promise<{ personas: string[]; columns: TurnColumns }> {
  const parts = Math.max(1, options.parts ?? 2);
  const clients = await Promise.all(Array.from({ length: parts }, () => pool.connect()));
  const [first, ...others] = clients;
  let isBroken = false;
  try {
    await first.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { rows } = await first.query<{ snapshot: string; low: number | null; high: number | null; personas: { code: number; persona_id: string }[] | null }>(
      `SELECT pg_export_snapshot() AS snapshot, min(first_turn_id) AS low, max(first_turn_id) AS high,
              (SELECT json_agg(json_build_object('code', code, 'persona_id', persona_id) ORDER BY code) FROM score_index_personas) AS personas
       FROM score_index_packs`,
    );
    const { snapshot, low, high } = rows[0];
    const known = rows[0].personas ?? [];
    const personas = known.map((row) => row.persona_id);
    const positionOfCode = new Int32Array(known.reduce((max, row) => Math.max(max, row.code), 0) + 1).fill(-1);
    known.forEach((row, position) => (positionOfCode[row.code] = position));

    // Part k: the packs whose first turn id is in the k-th of `parts` equal ranges, in order of it.
    const bounds = Array.from({ length: parts + 1 }, (_, k) => (low === null || high === null ? 0 : low + Math.floor(((high - low + 1) * k) / parts)));
    const inPart = (k: number) => `first_turn_id >= ${bounds[k]}${k < parts - 1 ? ` AND first_turn_id < ${bounds[k + 1]}` : ""}`;
    const counts = new Array<number>(parts).fill(0);
    if (low !== null) {
      const sums = await first.query<Record<string, number>>(
        `SELECT ${counts.map((_, k) => `coalesce(sum(turn_count) FILTER (WHERE ${inPart(k)}), 0)::int AS "${k}"`).join(", ")} FROM score_index_packs`,
      );
      counts.forEach((_, k) => (counts[k] = sums.rows[0][k]));
    }
    await Promise.all(
      others.map(async (client) => {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        await client.query(`SET TRANSACTION SNAPSHOT ${client.escapeLiteral(snapshot)}`);
      }),
    );
    // The sort by first turn id holds the packs stored in line (small sessions' packs) in memory.
    await Promise.all(clients.map((client) => client.query("SET LOCAL work_mem = '64MB'")));
    const shared = allocatePackColumns(counts.reduce((sum, count) => sum + count, 0));
    const packed = await Promise.all(
      clients.map(async (client, k) => {
        const offset = counts.slice(0, k).reduce((sum, count) => sum + count, 0);
        const parser = new ScorePackParser(positionOfCode, { ...shared, offset, capacity: counts[k] });
        if (counts[k] > 0) {
          const sql = `COPY (SELECT session_id, first_turn_id, last_turn_id, turn_count, data FROM score_index_packs WHERE ${inPart(k)} ORDER BY first_turn_id) TO STDOUT (FORMAT binary)`;
          for await (const chunk of client.query(copyTo(sql))) parser.push(chunk as Buffer);
        } else {
          parser.push(EMPTY_COPY);
        }
        return parser.finish();
      }),
    );
    await Promise.all(clients.map((client) => client.query("COMMIT")));
    return { personas, columns: assembleSharedParts(packed, shared) };
  } catch (error) {
    isBroken = true;
    throw error;
  } finally {
    // A connection left inside a failed transaction or COPY is not given back to the pool.
    for (const client of clients) client.release(isBroken ? true : undefined);
  }
}

/** A binary COPY of no rows: the header, then the trailer. */
const EMPTY_COPY = Buffer.concat([Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.alloc(8), Buffer.from([0xff, 0xff])]);
