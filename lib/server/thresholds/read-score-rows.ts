import "server-only";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/**
 * A judge's scores of a range of turns, in turn order, as typed columns. `persona` indexes
 * the `personas` the rows were read with; a missing metric is 0 (how the judge counts it).
 */
export type ScoreRows = {
  n: number;
  turnId: Int32Array;
  sessionId: Int32Array;
  persona: Uint16Array;
  overall: Float64Array;
  length: Float64Array;
  sentiment: Float64Array;
  completeness: Float64Array;
  critical: Float64Array;
};

/** A turn's persona is not among those the rows were read with (one was added meanwhile): read again. */
export class UnknownPersonaError extends Error {}

// One row of the binary COPY: a field count, then each field's byte length and bytes (big-endian):
// turn id (int4), session id (int4), persona position (int2), then five float8.
const FIELD_BYTES = [4, 4, 2, 8, 8, 8, 8, 8];
const ROW_BYTES = 2 + FIELD_BYTES.reduce((sum, bytes) => sum + 4 + bytes, 0);
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
/** The signature, the flags and the length of the header extension. */
const HEADER_BYTES = SIGNATURE.length + 8;

/**
 * Reads the judge's scores of turns after `afterTurnId` (and up to `upToTurnId`, when given)
 * with a binary COPY: PostgreSQL sends each number's own bytes (no text to format and parse)
 * and no row becomes an object here, so a million turns cost a fraction of what a query of
 * rows did. The persona comes back as its position in `personas` (array_position), not as
 * text; a persona missing from the list throws UnknownPersonaError. The range bounds both
 * tables: given on the scores alone, PostgreSQL hashed a scan of every turn for each batch
 * (a recompute at a million turns read all of them a hundred times).
 */
export async function readScoreRows(
  pool: pg.Pool,
  judgeId: number,
  personas: readonly string[],
  range: { afterTurnId: number; upToTurnId: number | null },
  expectedRows = 0,
): Promise<ScoreRows> {
  for (const value of [judgeId, range.afterTurnId, range.upToTurnId ?? 0]) {
    if (!Number.isSafeInteger(value)) throw new TypeError(`readScoreRows: expected integers, got ${value}`);
  }
  const client = await pool.connect();
  try {
    const list = personas.length === 0 ? "ARRAY[]::text[]" : `ARRAY[${personas.map((p) => client.escapeLiteral(p)).join(", ")}]::text[]`;
    const inRange = (column: string) => `${column} > ${range.afterTurnId}${range.upToTurnId === null ? "" : ` AND ${column} <= ${range.upToTurnId}`}`;
    const sql = `COPY (
      SELECT s.turn_id, t.session_id, (array_position(${list}, t.persona_id) - 1)::int2,
             s.overall_score, COALESCE(s.length_score, 0), COALESCE(s.sentiment_score, 0),
             COALESCE(s.completeness_score, 0), COALESCE(s.critical_intensity, 0)
      FROM judge_scores s JOIN turns t ON t.id = s.turn_id
      WHERE s.judge_id = ${judgeId} AND ${inRange("s.turn_id")} AND ${inRange("t.id")}
      ORDER BY s.turn_id
    ) TO STDOUT (FORMAT binary)`;
    const parser = new ScoreCopyParser(expectedRows + 16);
    const stream = client.query(copyTo(sql));
    for await (const chunk of stream) parser.push(chunk as Buffer);
    return parser.finish();
  } finally {
    client.release();
  }
}

/**
 * Parses the binary COPY of readScoreRows chunk by chunk, straight into the columns (a
 * DataView over each chunk; a row split across chunks is completed in a small scratch row).
 */
export class ScoreCopyParser {
  private rows: ScoreRows;
  /** The file header (signature, flags, extension length), then the part of a row a chunk ended in. */
  private readonly pending = Buffer.alloc(Math.max(ROW_BYTES, HEADER_BYTES));
  private pendingBytes = 0;
  private headerBytes = HEADER_BYTES;
  private isHeaderRead = false;
  private isTrailerRead = false;

  constructor(capacity = 1 << 16) {
    this.rows = allocate(Math.max(capacity, 16));
  }

  push(chunk: Buffer): void {
    let at = 0;
    if (!this.isHeaderRead) {
      at = this.fill(chunk, at, this.headerBytes);
      if (this.pendingBytes < this.headerBytes) return;
      if (this.headerBytes === HEADER_BYTES) {
        if (!this.pending.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error("score rows: not a binary COPY");
        this.headerBytes += this.pending.readInt32BE(SIGNATURE.length + 4); // the header extension, skipped
        if (this.headerBytes > this.pending.length) throw new Error("score rows: unexpected COPY header extension");
        if (this.pendingBytes < this.headerBytes) return this.push(chunk.subarray(at));
      }
      this.isHeaderRead = true;
      this.pendingBytes = 0;
    }
    if (this.pendingBytes > 0) {
      at = this.fill(chunk, at, this.pendingBytes < 2 || this.pending.readInt16BE(0) !== -1 ? ROW_BYTES : 2);
      if (this.pendingBytes >= 2 && this.pending.readInt16BE(0) === -1) return this.end(chunk, at);
      if (this.pendingBytes < ROW_BYTES) return;
      this.readRow(new DataView(this.pending.buffer, this.pending.byteOffset, ROW_BYTES), 0);
      this.pendingBytes = 0;
    }
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
    while (at + 2 <= chunk.length) {
      if (view.getInt16(at) === -1) return this.end(chunk, at + 2);
      if (at + ROW_BYTES > chunk.length) break;
      this.readRow(view, at);
      at += ROW_BYTES;
    }
    this.fill(chunk, at, ROW_BYTES);
  }

  finish(): ScoreRows {
    if (!this.isTrailerRead) throw new Error("score rows: the COPY ended early");
    const { n, turnId, sessionId, persona, overall, length, sentiment, completeness, critical } = this.rows;
    return {
      n,
      turnId: turnId.subarray(0, n),
      sessionId: sessionId.subarray(0, n),
      persona: persona.subarray(0, n),
      overall: overall.subarray(0, n),
      length: length.subarray(0, n),
      sentiment: sentiment.subarray(0, n),
      completeness: completeness.subarray(0, n),
      critical: critical.subarray(0, n),
    };
  }

  /** Copies bytes of `chunk` from `at` into the pending bytes, up to `upTo` of them; returns where it stopped. */
  private fill(chunk: Buffer, at: number, upTo: number): number {
    const take = Math.max(0, Math.min(upTo - this.pendingBytes, chunk.length - at));
    chunk.copy(this.pending, this.pendingBytes, at, at + take);
    this.pendingBytes += take;
    return at + take;
  }

  private end(chunk: Buffer, at: number): void {
    if (at < chunk.length) throw new Error("score rows: data after the end of the COPY");
    this.isTrailerRead = true;
    this.pendingBytes = 0;
  }

  private readRow(view: DataView, at: number): void {
    if (view.getInt16(at) !== FIELD_BYTES.length) throw new Error(`score rows: ${view.getInt16(at)} fields, expected ${FIELD_BYTES.length}`);
    for (let f = 0, p = at + 2; f < FIELD_BYTES.length; f++) {
      const length = view.getInt32(p);
      if (length !== FIELD_BYTES[f]) {
        if (f === 2 && length === -1) throw new UnknownPersonaError("a turn's persona was added while the scores were read");
        throw new Error(`score rows: field ${f + 1} has ${length} bytes, expected ${FIELD_BYTES[f]}`);
      }
      p += 4 + length;
    }
    let rows = this.rows;
    if (rows.n === rows.turnId.length) rows = this.rows = trim(rows, Math.ceil(rows.n * 1.5));
    const i = rows.n++;
    rows.turnId[i] = view.getInt32(at + 6);
    rows.sessionId[i] = view.getInt32(at + 14);
    rows.persona[i] = view.getInt16(at + 22);
    rows.overall[i] = view.getFloat64(at + 28);
    rows.length[i] = view.getFloat64(at + 40);
    rows.sentiment[i] = view.getFloat64(at + 52);
    rows.completeness[i] = view.getFloat64(at + 64);
    rows.critical[i] = view.getFloat64(at + 76);
  }
}

function allocate(capacity: number): ScoreRows {
  return {
    n: 0,
    turnId: new Int32Array(capacity),
    sessionId: new Int32Array(capacity),
    persona: new Uint16Array(capacity),
    overall: new Float64Array(capacity),
    length: new Float64Array(capacity),
    sentiment: new Float64Array(capacity),
    completeness: new Float64Array(capacity),
    critical: new Float64Array(capacity),
  };
}

/** The first `n` rows in columns of `capacity` (copied). */
function trim(rows: ScoreRows, capacity: number): ScoreRows {
  const next = allocate(capacity);
  next.n = Math.min(rows.n, capacity);
  for (const key of ["turnId", "sessionId", "persona", "overall", "length", "sentiment", "completeness", "critical"] as const) {
    (next[key] as Float64Array).set((rows[key] as Float64Array).subarray(0, next.n));
  }
  return next;
}
