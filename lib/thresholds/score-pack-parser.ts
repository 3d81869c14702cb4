/**
 * Reads the thresholds preview's score packs (table score_index_packs, see its migration):
 * a binary `COPY (SELECT session_id, first_turn_id, last_turn_id, turn_count, data …)` whose
 * `data` holds a session's scored turns column by column, in turn order: n turn ids and n
 * persona codes (int4), then n overall, length, sentiment, completeness and critical
 * intensity scores (float8), all big-endian. Each column's bytes are copied as they are
 * into typed arrays, chunk by chunk (a pack may span chunks at any byte), and their bytes
 * swapped once at the end: no number is decoded one at a time.
 */

/** Bytes per turn in a pack: two int4 columns and five float8 columns. */
export const PACK_BYTES_PER_TURN = 48;
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
/** The signature, the flags and the length of the header extension. */
const HEADER_BYTES = SIGNATURE.length + 8;
/** A row up to its data: the field count, four int4 fields with their lengths, the data's length. */
const ROW_HEAD_BYTES = 2 + 4 * 8 + 4;
const FIELDS = 5;
const IS_LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The turns of some packs, in the order the packs came, and where each pack's turns start. */
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
};

/** The columns of a pack in their order, with the bytes each value takes. */
const PACK_COLUMNS = [
  ["turnId", 4],
  ["code", 4],
  ["overall", 8],
  ["length", 8],
  ["sentiment", 8],
  ["completeness", 8],
  ["critical", 8],
] as const;
type RawColumn = (typeof PACK_COLUMNS)[number][0];
export type Raw = { [K in RawColumn]: K extends "turnId" | "code" ? Int32Array : Float64Array };

/**
 * Columns several parsers can share, each writing its turns from its own offset (so that
 * parts read at once land where they belong without a copy afterwards).
 */
export type PackTarget = { raw: Raw; persona: Uint16Array; offset: number; capacity: number };

/** Room for `capacity` turns, to share between parsers (see PackTarget). */
export function allocatePackColumns(capacity: number): { raw: Raw; persona: Uint16Array } {
  return { raw: allocate(capacity), persona: new Uint16Array(capacity) };
}

export class ScorePackParser {
  private raw: Raw;
  private bytes: Record<RawColumn, Uint8Array>;
  private persona: Uint16Array | null = null;
  /** Where this parser's turns start in the columns (0 unless it writes into shared ones). */
  private base = 0;
  /** How many turns the columns have room for from `base` (shared columns never grow). */
  private room: number;
  private isShared = false;
  private n = 0;
  private packs: PackedTurns["packs"];
  private readonly scratch = Buffer.alloc(HEADER_BYTES + 64);
  private scratchBytes = 0;
  private state: "header" | "row" | "data" | "done" = "header";
  private headerBytes = HEADER_BYTES;
  /** The current pack: its turn count, its first turn's position, and how many of its data bytes came. */
  private packTurns = 0;
  private packStart = 0;
  private packRead = 0;

  /**
   * `positionOfCode[code]` is the persona's position in the caller's persona list (−1 or
   * beyond the end: a code the caller does not know, an error). `capacity` is how many turns
   * to make room for at first (the columns grow when more come).
   */
  constructor(
    private readonly positionOfCode: Int32Array,
    capacity: number | PackTarget = 1 << 16,
  ) {
    if (typeof capacity === "number") {
      this.raw = allocate(Math.max(capacity, 16));
      this.room = this.raw.turnId.length;
    } else {
      this.raw = capacity.raw;
      this.persona = capacity.persona;
      this.base = capacity.offset;
      this.room = capacity.capacity;
      this.isShared = true;
    }
    this.bytes = byteViews(this.raw);
    this.packs = { count: 0, sessionId: new Int32Array(64), firstTurnId: new Int32Array(64), lastTurnId: new Int32Array(64), start: new Int32Array(64) };
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === "header") {
        at = this.fill(chunk, at, this.headerBytes);
        if (this.scratchBytes < this.headerBytes) return;
        if (this.headerBytes === HEADER_BYTES) {
          if (!this.scratch.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error("score packs: not a binary COPY");
          const extension = this.scratch.readInt32BE(SIGNATURE.length + 4);
          if (extension < 0 || extension > 64) throw new Error("score packs: unexpected COPY header extension");
          this.headerBytes += extension;
          if (extension > 0) continue;
        }
        this.scratchBytes = 0;
        this.state = "row";
      } else if (this.state === "row") {
        const isTrailer = () => this.scratchBytes >= 2 && this.scratch.readInt16BE(0) === -1;
        at = this.fill(chunk, at, isTrailer() ? 2 : ROW_HEAD_BYTES);
        if (isTrailer()) {
          if (at < chunk.length || this.scratchBytes > 2) throw new Error("score packs: data after the end of the COPY");
          this.state = "done";
          return;
        }
        if (this.scratchBytes < ROW_HEAD_BYTES) return;
        this.scratchBytes = 0;
        this.readRowHead();
      } else if (this.state === "data") {
        const take = Math.min(this.packTurns * PACK_BYTES_PER_TURN - this.packRead, chunk.length - at);
        this.copyData(chunk, at, take);
        at += take;
        this.packRead += take;
        if (this.packRead === this.packTurns * PACK_BYTES_PER_TURN) this.state = "row";
      } else {
        throw new Error("score packs: data after the end of the COPY");
      }
    }
  }

  finish(): PackedTurns {
    if (this.state !== "done") throw new Error("score packs: the COPY ended early");
    const { n, base } = this;
    const view = <T extends Int32Array | Float64Array>(column: T) => column.subarray(base, base + n) as T;
    const raw = Object.fromEntries(PACK_COLUMNS.map(([column]) => [column, view(this.raw[column])])) as Raw;
    if (IS_LITTLE_ENDIAN) {
      for (const [column, width] of PACK_COLUMNS) {
        const bytes = Buffer.from(raw[column].buffer, raw[column].byteOffset, n * width);
        if (width === 4) bytes.swap32();
        else bytes.swap64();
      }
    }
    const persona = this.persona ? this.persona.subarray(base, base + n) : new Uint16Array(n);
    const codes = raw.code;
    for (let i = 0; i < n; i++) {
      const code = codes[i];
      const position = code >= 0 && code < this.positionOfCode.length ? this.positionOfCode[code] : -1;
      if (position < 0) throw new UnknownPersonaCodeError(`score packs: turn ${raw.turnId[i]} has persona code ${code}, which is not in the persona list read`);
      persona[i] = position;
    }
    const packs = this.packs;
    return {
      n,
      turnId: raw.turnId,
      persona,
      overall: raw.overall,
      length: raw.length,
      sentiment: raw.sentiment,
      completeness: raw.completeness,
      critical: raw.critical,
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

  private readRowHead(): void {
    const head = this.scratch;
    if (head.readInt16BE(0) !== FIELDS) throw new Error(`score packs: ${head.readInt16BE(0)} fields, expected ${FIELDS}`);
    const ints: number[] = [];
    for (let f = 0, p = 2; f < 4; f++, p += 8) {
      if (head.readInt32BE(p) !== 4) throw new Error(`score packs: field ${f + 1} has ${head.readInt32BE(p)} bytes, expected 4`);
      ints.push(head.readInt32BE(p + 4));
    }
    const [sessionId, firstTurnId, lastTurnId, turnCount] = ints;
    const dataBytes = head.readInt32BE(34);
    if (turnCount < 1 || dataBytes !== turnCount * PACK_BYTES_PER_TURN) {
      throw new Error(`score packs: session ${sessionId} has ${dataBytes} bytes for ${turnCount} turns, expected ${PACK_BYTES_PER_TURN} a turn`);
    }
    if (this.packs.count === this.packs.sessionId.length) this.packs = growPacks(this.packs, this.packs.count * 2);
    const k = this.packs.count++;
    this.packs.sessionId[k] = sessionId;
    this.packs.firstTurnId[k] = firstTurnId;
    this.packs.lastTurnId[k] = lastTurnId;
    this.packs.start[k] = this.n;
    if (this.n + turnCount > this.room) {
      if (this.isShared) throw new Error(`score packs: more turns than the ${this.room} counted for this part`);
      this.grow(Math.max(this.n + turnCount, Math.ceil(this.n * 1.5)));
    }
    this.packTurns = turnCount;
    this.packStart = this.n;
    this.packRead = 0;
    this.n += turnCount;
    this.state = "data";
  }

  /** Copies `take` bytes of the current pack's data from `chunk` at `at` into the columns they belong to. */
  private copyData(chunk: Buffer, at: number, take: number): void {
    const turns = this.packTurns;
    let from = this.packRead;
    const to = from + take;
    let columnStart = 0;
    for (const [column, width] of PACK_COLUMNS) {
      const columnEnd = columnStart + turns * width;
      if (from < columnEnd && from < to) {
        const end = Math.min(columnEnd, to);
        const target = this.bytes[column];
        chunk.copy(target, (this.base + this.packStart) * width + (from - columnStart), at + from - this.packRead, at + end - this.packRead);
        from = end;
      }
      columnStart = columnEnd;
    }
  }

  private grow(capacity: number): void {
    const next = allocate(capacity);
    for (const [column, width] of PACK_COLUMNS) byteViews(next)[column].set(this.bytes[column].subarray(0, this.n * width));
    this.raw = next;
    this.bytes = byteViews(next);
    this.room = capacity;
  }
}

/** A pack names a persona code the persona list read with it does not have. */
export class UnknownPersonaCodeError extends Error {}

function allocate(capacity: number): Raw {
  return {
    turnId: new Int32Array(capacity),
    code: new Int32Array(capacity),
    overall: new Float64Array(capacity),
    length: new Float64Array(capacity),
    sentiment: new Float64Array(capacity),
    completeness: new Float64Array(capacity),
    critical: new Float64Array(capacity),
  };
}

function byteViews(raw: Raw): Record<RawColumn, Uint8Array> {
  return Object.fromEntries(PACK_COLUMNS.map(([column]) => [column, new Uint8Array(raw[column].buffer, raw[column].byteOffset, raw[column].byteLength)])) as Record<RawColumn, Uint8Array>;
}

function growPacks(packs: PackedTurns["packs"], capacity: number): PackedTurns["packs"] {
  const grown = { count: packs.count, sessionId: new Int32Array(capacity), firstTurnId: new Int32Array(capacity), lastTurnId: new Int32Array(capacity), start: new Int32Array(capacity) };
  for (const key of ["sessionId", "firstTurnId", "lastTurnId", "start"] as const) grown[key].set(packs[key].subarray(0, packs.count));
  return grown;
}
