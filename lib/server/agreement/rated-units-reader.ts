import "server-only";
import type { AgreementRatings, AgreementUnits } from "@/lib/agreement/agreement-data";
import { ByteInterner, FNV } from "@/lib/byte-interner";

// Reads rated_units' packed rows (migration "rated_units_packed"; the layout is in
// schema.prisma) as they stream in, straight into the report's columns. They come in a few
// values (blocks of turns), each packed row after its byte length (int4), by a
// COPY (SELECT string_agg(…) …) TO STDOUT (FORMAT binary): one COPY row per unit would cost
// node-postgres a message and a chunk each, more than the decoding itself. Numbers are big-endian words read off
// the bytes; every text (persona, label, criterion, rater key) is decoded once per distinct
// value, however many units carry it. A unit the judge has not scored is left out, as the
// report has always left it out: `scoreOf` answers from the judge's scores, in turn order.

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // PGCOPY\n\377\r\n\0
const HEADER = 19;
const FIXED = 36; // nine int4
const NO_IMPORT = 1;
const NOT_ADJUDICATED = 2;
const NO_GOLD = 4;
const CRITERION_IS_LABEL = 8;

/** The judge's scores by turn, asked in ascending turn order: the score, or undefined when none. */
export type ScoreLookup = (turnId: number) => number | undefined;

export class RatedUnitsReader {
  readonly units: AgreementUnits = { turnId: [], sessionId: [], persona: [], criterion: [], ratingCriterion: [], wordCount: [], score: [], adjudicated: [], gold: [], day: [], importId: [] };
  readonly ratings: AgreementRatings = { unit: [], rater: [], level: [] };
  private readonly texts = new ByteInterner();
  private pending: Buffer | null = null;
  private stage: "header" | "count" | "length" | "units" | "done" = "header";
  /** Bytes of the field not read yet. */
  private fieldLeft = 0;
  private lastTurnId = -Infinity;
  /** Where readUnit has got to in the current row. */
  private at = 0;

  constructor(private readonly scoreOf: ScoreLookup) {}

  /**
   * Reads every whole unit of the bytes received so far and keeps the rest (a view, not a
   * copy) for the next chunk. An element cut by a chunk's end is completed by copying only
   * the bytes it still needs from the next chunk; the rest of that chunk is read in place.
   */
  push(chunk: Buffer): void {
    let offset = 0;
    while (this.pending !== null && offset < chunk.length) {
      const take = Math.min(this.bytesNeeded(this.pending), chunk.length - offset);
      const head = Buffer.concat([this.pending, chunk.subarray(offset, offset + take)]);
      offset += take;
      this.pending = null;
      this.read(head);
    }
    if (offset < chunk.length) this.read(offset === 0 ? chunk : chunk.subarray(offset));
  }

  /** How many more bytes the element `pending` starts needs before it can be read (at least 1). */
  private bytesNeeded(pending: Buffer): number {
    const has = pending.length;
    switch (this.stage) {
      case "header":
        return has < HEADER ? HEADER - has : HEADER + int32(pending, 15) - has;
      case "count":
        return 2 - has;
      case "length":
        return 4 - has;
      case "units":
        return has < 4 ? 4 - has : 4 + int32(pending, 0) - has;
      default:
        return 1;
    }
  }

  private read(bytes: Buffer): void {
    if (this.stage === "done") throw new Error("rated units: bytes after the end of the COPY stream");
    let at = 0;
    for (;;) {
      if (this.stage === "header") {
        if (bytes.length < at + HEADER) break;
        for (let i = 0; i < SIGNATURE.length; i++) if (bytes[at + i] !== SIGNATURE[i]) throw new Error("rated units: not a binary COPY stream");
        const extension = int32(bytes, at + 15);
        if (extension < 0) throw new Error("rated units: not a binary COPY stream");
        if (bytes.length < at + HEADER + extension) break;
        at += HEADER + extension;
        this.stage = "count";
      } else if (this.stage === "count") {
        if (bytes.length < at + 2) break;
        const fields = (bytes[at] << 8) | bytes[at + 1];
        at += 2;
        if (fields === 0xffff) {
          this.stage = "done";
          if (at !== bytes.length) throw new Error("rated units: bytes after the end of the COPY stream");
          break;
        }
        if (fields !== 1) throw new Error(`rated units: expected rows of one field, got a row of ${fields}`);
        this.stage = "length";
      } else if (this.stage === "length") {
        if (bytes.length < at + 4) break;
        this.fieldLeft = int32(bytes, at); // −1: null, a block with no unit
        at += 4;
        this.stage = this.fieldLeft > 0 ? "units" : "count";
      } else if (this.stage === "units") {
        // Each unit: its packed row's byte length (int4), then the row.
        if (bytes.length < at + 4) break;
        const length = int32(bytes, at);
        if (length < FIXED || length + 4 > this.fieldLeft) throw new Error(`rated units: a packed row of ${length} bytes (at least ${FIXED}, at most ${this.fieldLeft - 4} expected)`);
        if (bytes.length < at + 4 + length) break;
        this.readUnit(bytes, at + 4, at + 4 + length);
        at += 4 + length;
        this.fieldLeft -= 4 + length;
        if (this.fieldLeft === 0) this.stage = "count";
      } else break;
    }
    this.pending = at < bytes.length ? bytes.subarray(at) : null;
  }

  /** The columns, once the stream has ended; throws if it stopped short. */
  finish(): { units: AgreementUnits; ratings: AgreementRatings } {
    if (this.stage !== "done") throw new Error("rated units: the COPY stream ended early");
    return { units: this.units, ratings: this.ratings };
  }

  private readUnit(bytes: Buffer, start: number, end: number): void {
    const turnId = int32(bytes, start);
    if (turnId < this.lastTurnId) throw new Error("rated units came back out of order");
    this.lastTurnId = turnId;
    const score = this.scoreOf(turnId);
    if (score === undefined) return;
    const flags = int32(bytes, start + 28);
    const k = int32(bytes, start + 32);
    const { units, ratings } = this;
    const u = units.turnId.length;
    units.turnId.push(turnId);
    units.sessionId.push(int32(bytes, start + 4));
    units.wordCount.push(int32(bytes, start + 8));
    units.day.push(int32(bytes, start + 12));
    units.importId.push(flags & NO_IMPORT ? null : int32(bytes, start + 16));
    units.adjudicated.push(flags & NOT_ADJUDICATED ? null : int32(bytes, start + 20));
    units.gold.push(flags & NO_GOLD ? null : int32(bytes, start + 24));
    units.score.push(score);
    this.at = start + FIXED;
    units.persona.push(this.text(bytes, end));
    const label = this.text(bytes, end);
    units.criterion.push(label);
    units.ratingCriterion.push(flags & CRITERION_IS_LABEL ? label : this.text(bytes, end));
    for (let i = 0; i < k; i++) {
      if (this.at + 4 > end) throw new Error(`rated units: turn ${turnId} has fewer ratings than the ${k} it announces`);
      ratings.unit.push(u);
      ratings.level.push(int32(bytes, this.at));
      this.at += 4;
      ratings.rater.push(this.text(bytes, end));
    }
    if (this.at !== end) throw new Error(`rated units: turn ${turnId}'s packed row has ${end - this.at} bytes left over`);
  }

  /** The text at the cursor (an int4 byte length and UTF-8 bytes), as one string per distinct text; moves the cursor past it. */
  private text(bytes: Buffer, end: number): string {
    const length = int32(bytes, this.at);
    const from = this.at + 4;
    const to = from + length;
    if (length < 0 || to > end) throw new Error(`rated units: a text of ${length} bytes runs past its row`);
    this.at = to;
    let hash: number = FNV.offset;
    for (let p = from; p < to; p++) hash = Math.imul(hash ^ bytes[p], FNV.prime);
    return this.texts.strings[this.texts.intern(bytes, from, to, hash)];
  }
}

/** The big-endian int4 at `at`. */
function int32(bytes: Uint8Array, at: number): number {
  return (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
}

/** A lookup over the judge's scores as int4 turn id and float8 score, 12 bytes each, in turn order (asked in ascending order). */
export function scoresInTurnOrder(scores: DataView): ScoreLookup {
  const n = scores.byteLength / 12;
  let s = 0;
  return (turnId) => {
    while (s < n && scores.getInt32(12 * s) < turnId) s++;
    return s < n && scores.getInt32(12 * s) === turnId ? scores.getFloat64(12 * s + 4) : undefined;
  };
}
