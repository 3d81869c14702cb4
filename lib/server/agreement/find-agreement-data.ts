import "server-only";
import type { AgreementRatings, AgreementUnits } from "@/lib/agreement/agreement-data";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import type { Readable } from "node:stream";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { BinaryCopyReader } from "@/lib/server/panels/binary-copy-reader";
import { RatedUnitsReader, scoresInTurnOrder } from "./rated-units-reader";
import { reportReadPool } from "./report-read-pool";
import { scopeFilters, type ScopeColumns } from "./scope-filters";

// The judge-vs-human data of a scope, from two tables kept by triggers (migrations
// "rated_units", "rated_units_packed"): rated_units, one row per turn × criterion with human
// levels, which holds its row ready packed as bytes, and rated_unit_scores, every judge's
// score of those turns. A cold report thus reads about one narrow row per rated turn: the
// judge's scores as one bytea and the units in blocks, both by binary COPY on two
// connections of the report's read pool at once, the units decoded while they stream in
// (rated-units-reader.ts). The human level itself is computed from the ratings in
// lib/agreement (one tested rule).

const COLUMNS: ScopeColumns = { persona: "u.persona_id", time: "u.turn_time", importId: "u.import_id" };

type Data = { units: AgreementUnits; ratings: AgreementRatings };

/** Turn ids per block of units read (at least; at most MAX_BLOCKS blocks over the whole range of rated turns; tests pass smaller blocks). */
const BLOCK = 1 << 14;
const MAX_BLOCKS = 64;

/** The units (turn × criterion with ratings and a score of the scope's judge) and their ratings, in turn order. */
export async function findAgreementData(scope: ResolvedScope, { block = BLOCK } = {}): Promise<Data> {
  if (scope.judge === null) return emptyData();
  if (!Number.isSafeInteger(block) || block < 1) throw new RangeError(`a block of turn ids must be a positive integer: ${block}`);
  // COPY takes no parameters: the scope's values go in as quoted literals.
  const { sql, values } = scopeFilters(scope, { firstParam: 1, criterionSql: "u.label", columns: COLUMNS });
  const filters = inlineParameters(sql, values);
  // Through node-postgres, not Prisma, and both by binary COPY: the bytes arrive as they are
  // stored, with no conversion on the way.
  const pool = reportReadPool();
  const scores = readScores(pool, scope.judge.id);
  scores.catch(() => {}); // awaited below; a failure surfaces there, not as an unhandled rejection
  const client = await pool.connect();
  try {
    // In turn order off the primary key (the pool's connections never sort). The units come
    // in blocks of turn ids, at most MAX_BLOCKS over the range of rated turns, each block its
    // own row, so Node reads one block while PostgreSQL gathers the next.
    const stream = client.query(
      copyTo(`COPY (
        WITH r AS (SELECT min(turn_id)::bigint AS first, max(turn_id)::bigint AS last FROM rated_units),
             s AS (SELECT first, last, greatest(${block}, ceil((last - first + 1) / ${MAX_BLOCKS}.0))::bigint AS size FROM r)
        SELECT b.units FROM s CROSS JOIN LATERAL generate_series(s.first, s.last, s.size) AS g(first)
        CROSS JOIN LATERAL (
          SELECT string_agg(int4send(length(u.packed)) || u.packed, ''::bytea ORDER BY u.turn_id, u.criterion) AS units
          FROM rated_units u WHERE u.turn_id >= g.first AND u.turn_id < g.first + s.size ${filters}) b
        WHERE b.units IS NOT NULL) TO STDOUT (FORMAT binary)`),
    );
    const data = await readUnits(stream, scores);
    client.release();
    return data;
  } catch (error) {
    client.release(true); // possibly in the middle of the COPY: closed, not reused
    throw error;
  }
}

/**
 * The judge's scores of the rated turns in turn order, as int4 turn id and float8 score
 * (big-endian) back to back: no number to format in PostgreSQL or to parse here, and by
 * COPY, so the bytes do not travel as hex text.
 */
async function readScores(pool: pg.Pool, judgeId: number): Promise<Buffer | null> {
  if (!Number.isSafeInteger(judgeId)) throw new RangeError(`a judge id must be an integer: ${judgeId}`);
  const client = await pool.connect();
  try {
    const reader = new BinaryCopyReader();
    const stream = client.query(
      copyTo(`COPY (SELECT string_agg(int4send(turn_id) || float8send(score), ''::bytea ORDER BY turn_id) FROM rated_unit_scores WHERE judge_id = ${judgeId}) TO STDOUT (FORMAT binary)`),
    );
    for await (const chunk of stream) reader.push(chunk as Buffer);
    const [[scores]] = reader.finish();
    client.release();
    return scores === null ? null : Buffer.from(scores.buffer, scores.byteOffset, scores.byteLength);
  } catch (error) {
    client.release(true);
    throw error;
  }
}

/**
 * Reads the COPY stream as it comes, chunk by chunk (a few blocks of units, so few and large
 * chunks). Chunks that arrive before the judge's scores (a much shorter read) wait for them.
 */
function readUnits(stream: Readable, scores: Promise<Buffer | null>): Promise<Data> {
  return new Promise<Data>((resolve, reject) => {
    let reader: RatedUnitsReader | null = null;
    const waiting: Buffer[] = [];
    let failure: unknown = null;
    const fail = (error: unknown) => {
      failure ??= error;
      stream.destroy();
      reject(failure);
    };
    scores.then((result) => {
      try {
        reader = new RatedUnitsReader(scoresInTurnOrder(viewOf(result)));
        for (const chunk of waiting.splice(0)) reader.push(chunk);
      } catch (error) {
        fail(error);
      }
    }, fail);
    stream.on("data", (chunk: Buffer) => {
      if (failure !== null) return;
      try {
        if (reader) reader.push(chunk);
        else waiting.push(chunk);
      } catch (error) {
        fail(error);
      }
    });
    stream.on("error", fail);
    stream.on("end", () => {
      scores.then(() => {
        if (failure !== null) return;
        try {
          resolve(reader!.finish());
        } catch (error) {
          fail(error);
        }
      }, fail);
    });
  });
}

function viewOf(bytes: Buffer | null): DataView {
  return bytes === null ? new DataView(new ArrayBuffer(0)) : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The filters' $1, $2, … replaced by their values as quoted literals (their casts stay in the SQL). */
export function inlineParameters(sql: string, values: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n) - 1];
    if (typeof value !== "string" && typeof value !== "number") throw new TypeError(`scope filter $${n}: expected a text or a number, got ${typeof value}`);
    return pg.escapeLiteral(String(value));
  });
}

function emptyData(): Data {
  return {
    units: { turnId: [], sessionId: [], persona: [], criterion: [], ratingCriterion: [], wordCount: [], score: [], adjudicated: [], gold: [], day: [], importId: [] },
    ratings: { unit: [], rater: [], level: [] },
  };
}
