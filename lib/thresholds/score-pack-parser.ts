/**
 * Reads the thresholds preview's score packs (table score_index_packs, see its migration):
 * a binary `COPY (SELECT session_id, first_turn_id, last_turn_id, turn_count, data …)` whose
 * `data` is one 48-byte big-endian record per scored turn of the session, in turn order:
 * turn id (int4), persona code (int4), overall, length, sentiment, completeness, critical
 * intensity (float8). Chunk by chunk, straight into typed columns; a row or record split
 * between chunks is completed in a small scratch buffer.
 */

export const PACK_RECORD_BYTES = 48;
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
/** The signature, the flags and the length of the header extension. */
const HEADER_BYTES = SIGNATURE.length + 8;
/** A row up to its data: the field count, four int4 fields with their lengths, the data's length. */
const ROW_HEAD_BYTES = 2 + 4 * 8 + 4;
const FIELDS = 5;

/** The turns of some packs, in the order the packs came, and where each pack's turns are. */
export type PackedTurns = {
  n: number;
  turnId: Int32Array;
  persona: Uint16Array;
  overall: Float64Array;
  length: Float64Array;
  sentiment: Float64Array;
  completeness: Float64Array;
  critical: Float64Array;
  packs: { count: number; sessionId: Int32Array; firstTurnId: Int32Array; lastTurnId: Int32Array; start: Int32Array };
  /** False when some pack's turn ids were not ascending (never, as the packs are written). */
  isEachPackSorted: boolean;
};

const TURN_COLUMNS = ["turnId", "persona", "overall", "length", "sentiment", "completeness", "critical"] as const;

export class ScorePackParser {
  private out: PackedTurns;
  private readonly scratch = Buffer.alloc(Math.max(HEADER_BYTES + 64, ROW_HEAD_BYTES, PACK_RECORD_BYTES));
  private readonly scratchView = new DataView(this.scratch.buffer, this.scratch.byteOffset, this.scratch.length);
  private scratchBytes = 0;
  private state: "header" | "row" | "data" | "done" = "header";
  private headerBytes = HEADER_BYTES;
  /** Bytes of the current pack's data still to come, and the previous turn id read in it. */
  private dataLeft = 0;
  private lastTurnId = 0;

  /**
   * `positionOfCode[code]` is the persona's position in the caller's persona list (−1 or
   * missing: a code the caller does not know, an error). `capacity` is how many turns to
   * make room for at first (the columns grow when more come).
   */
  constructor(
    private readonly positionOfCode: Int32Array,
    capacity = 1 << 16,
  ) {
    this.out = allocate(Math.max(capacity, 16), 64);
  }

  push(chunk: Buffer): void {
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
    let at = 0;
    while (at < chunk.length) {
      if (this.state === "header") {
        at = this.fill(chunk, at, this.headerBytes);
        if (this.scratchBytes < this.headerBytes) return;
        if (this.headerBytes === HEADER_BYTES) {
          if (!this.scratch.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error("score packs: not a binary COPY");
          const extension = this.scratch.readInt32BE(SIGNATURE.length + 4);
          if (extension > 64) throw new Error("score packs: unexpected COPY header extension");
          this.headerBytes += extension;
          if (extension > 0) continue;
        }
        this.scratchBytes = 0;
        this.state = "row";
      } else if (this.state === "row") {
        if (this.scratchBytes === 0 && at + ROW_HEAD_BYTES <= chunk.length) {
          if (view.getInt16(at) === -1) return this.end(chunk, at + 2);
          this.readRowHead(view, at);
          at += ROW_HEAD_BYTES;
        } else {
          at = this.fill(chunk, at, this.scratchBytes >= 2 && this.scratch.readInt16BE(0) === -1 ? 2 : ROW_HEAD_BYTES);
          if (this.scratchBytes >= 2 && this.scratch.readInt16BE(0) === -1) {
            this.scratchBytes = 0;
            return this.end(chunk, at);
          }
          if (this.scratchBytes < ROW_HEAD_BYTES) return;
          this.scratchBytes = 0;
          this.readRowHead(this.scratchView, 0);
        }
      } else if (this.state === "data") {
        if (this.scratchBytes > 0) {
          at = this.fill(chunk, at, PACK_RECORD_BYTES);
          if (this.scratchBytes < PACK_RECORD_BYTES) return;
          this.scratchBytes = 0;
          this.readRecord(this.scratchView, 0);
        }
        const whole = Math.min(this.dataLeft, chunk.length - at - ((chunk.length - at) % PACK_RECORD_BYTES));
        for (const end = at + whole; at < end; at += PACK_RECORD_BYTES) this.readRecord(view, at);
        if (this.dataLeft > 0 && at < chunk.length) at = this.fill(chunk, at, PACK_RECORD_BYTES);
        if (this.dataLeft === 0) this.state = "row";
      } else {
        throw new Error("score packs: data after the end of the COPY");
      }
    }
  }

  finish(): PackedTurns {
    if (this.state !== "done") throw new Error("score packs: the COPY ended early");
    const out = this.out;
    const packs = out.packs;
    return {
      ...out,
      turnId: out.turnId.subarray(0, out.n),
      persona: out.persona.subarray(0, out.n),
      overall: out.overall.subarray(0, out.n),
      length: out.length.subarray(0, out.n),
      sentiment: out.sentiment.subarray(0, out.n),
      completeness: out.completeness.subarray(0, out.n),
      critical: out.critical.subarray(0, out.n),
      packs: {
        count: packs.count,
        sessionId: packs.sessionId.subarray(0, packs.count),
        firstTurnId: packs.firstTurnId.subarray(0, packs.count),
        lastTurnId: packs.lastTurnId.subarray(0, packs.count),
        start: packs.start.subarray(0, packs.count),
      },
    };
  }

  /** Copies bytes of `chunk` from `at` into the scratch buffer until it holds `upTo`; returns where it stopped. */
  private fill(chunk: Buffer, at: number, upTo: number): number {
    const take = Math.max(0, Math.min(upTo - this.scratchBytes, chunk.length - at));
    chunk.copy(this.scratch, this.scratchBytes, at, at + take);
    this.scratchBytes += take;
    return at + take;
  }

  private end(chunk: Buffer, at: number): void {
    if (at < chunk.length) throw new Error("score packs: data after the end of the COPY");
    this.state = "done";
  }

  private readRowHead(view: DataView, at: number): void {
    if (view.getInt16(at) !== FIELDS) throw new Error(`score packs: ${view.getInt16(at)} fields, expected ${FIELDS}`);
    const ints: number[] = [];
    for (let f = 0, p = at + 2; f < 4; f++, p += 8) {
      if (view.getInt32(p) !== 4) throw new Error(`score packs: field ${f + 1} has ${view.getInt32(p)} bytes, expected 4`);
      ints.push(view.getInt32(p + 4));
    }
    const [sessionId, firstTurnId, lastTurnId, turnCount] = ints;
    const dataBytes = view.getInt32(at + 34);
    if (dataBytes !== turnCount * PACK_RECORD_BYTES) {
      throw new Error(`score packs: session ${sessionId} has ${dataBytes} bytes of data, expected ${turnCount} × ${PACK_RECORD_BYTES}`);
    }
    let packs = this.out.packs;
    if (packs.count === packs.sessionId.length) packs = this.out.packs = growPacks(packs, packs.count * 2);
    const k = packs.count++;
    packs.sessionId[k] = sessionId;
    packs.firstTurnId[k] = firstTurnId;
    packs.lastTurnId[k] = lastTurnId;
    packs.start[k] = this.out.n;
    if (this.out.n + turnCount > this.out.turnId.length) this.out = growTurns(this.out, Math.max(this.out.n + turnCount, Math.ceil(this.out.n * 1.5)));
    this.dataLeft = dataBytes;
    this.lastTurnId = -Infinity;
    this.state = dataBytes > 0 ? "data" : "row";
  }

  private readRecord(view: DataView, at: number): void {
    const out = this.out;
    const i = out.n++;
    const turnId = view.getInt32(at);
    if (turnId <= this.lastTurnId) out.isEachPackSorted = false;
    this.lastTurnId = turnId;
    const code = view.getInt32(at + 4);
    const position = code >= 0 && code < this.positionOfCode.length ? this.positionOfCode[code] : -1;
    if (position < 0) throw new UnknownPersonaCodeError(`score packs: turn ${turnId} has persona code ${code}, which is not in the persona list read`);
    out.turnId[i] = turnId;
    out.persona[i] = position;
    out.overall[i] = view.getFloat64(at + 8);
    out.length[i] = view.getFloat64(at + 16);
    out.sentiment[i] = view.getFloat64(at + 24);
    out.completeness[i] = view.getFloat64(at + 32);
    out.critical[i] = view.getFloat64(at + 40);
    this.dataLeft -= PACK_RECORD_BYTES;
  }
}

/** A pack names a persona code the persona list read before it did not have. */
export class UnknownPersonaCodeError extends Error {}

function allocate(capacity: number, packCapacity: number): PackedTurns {
  return {
    n: 0,
    turnId: new Int32Array(capacity),
    persona: new Uint16Array(capacity),
    overall: new Float64Array(capacity),
    length: new Float64Array(capacity),
    sentiment: new Float64Array(capacity),
    completeness: new Float64Array(capacity),
    critical: new Float64Array(capacity),
    packs: { count: 0, sessionId: new Int32Array(packCapacity), firstTurnId: new Int32Array(packCapacity), lastTurnId: new Int32Array(packCapacity), start: new Int32Array(packCapacity) },
    isEachPackSorted: true,
  };
}

function growTurns(out: PackedTurns, capacity: number): PackedTurns {
  const next = allocate(capacity, 0);
  for (const key of TURN_COLUMNS) (next[key] as Float64Array).set((out[key] as Float64Array).subarray(0, out.n));
  return { ...next, n: out.n, packs: out.packs, isEachPackSorted: out.isEachPackSorted };
}

function growPacks(packs: PackedTurns["packs"], capacity: number): PackedTurns["packs"] {
  const grown = { count: packs.count, sessionId: new Int32Array(capacity), firstTurnId: new Int32Array(capacity), lastTurnId: new Int32Array(capacity), start: new Int32Array(capacity) };
  for (const key of ["sessionId", "firstTurnId", "lastTurnId", "start"] as const) grown[key].set(packs[key].subarray(0, packs.count));
  return grown;
}
