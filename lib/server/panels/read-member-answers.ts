import "server-only";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { MemberLabelCodes, MemberScores } from "@/lib/panels/aggregate-panel";
import { BinaryCopyReader } from "./binary-copy-reader";

// A panel's members' answers as typed columns, one row per member, each column one array
// aggregated in turn order straight off the (judge_id, turn_id) indexes and sent as
// PostgreSQL's binary array (array_send). The rows come by COPY … TO STDOUT in binary
// format, so the bytes arrive as they are (a query's bytea would travel as hex text, twice
// the size, then be decoded twice); the arrays are read here as 32-bit words, the scores bit
// for bit as stored. 10⁶ turns × 5 members are about 100 MB.

const INT4 = 23;
const FLOAT8 = 701;

const IS_LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** A big-endian 32-bit word as this machine's int32. */
const fromBigEndian = (word: number) => (IS_LITTLE_ENDIAN ? ((word & 0xff) << 24) | ((word & 0xff00) << 8) | ((word >>> 8) & 0xff00) | (word >>> 24) : word);

/**
 * PostgreSQL's binary array (array_send): a 20-byte header (ndim, has-null flag, element
 * type, length, lower bound) then each element as a 4-byte length and its bytes, all big-
 * endian. Read as 32-bit words: an int4 element is words [length, value], a float8
 * [length, high, low].
 */
function decodeArray<T extends Int32Array | Float64Array>(field: Uint8Array | null, elementType: number, make: (n: number) => T): T {
  if (field === null) return make(0);
  // The reader's fields start a buffer of their own, padded to whole words.
  const words = new Int32Array(field.buffer, field.byteOffset, field.buffer.byteLength >> 2);
  const ndim = fromBigEndian(words[0]);
  if (ndim === 0) return make(0);
  if (ndim !== 1) throw new Error(`expected a one-dimensional array, got ${ndim} dimensions`);
  if (fromBigEndian(words[2]) !== elementType) throw new Error(`expected array elements of type ${elementType}, got ${fromBigEndian(words[2])}`);
  const n = fromBigEndian(words[3]);
  const out = make(n);
  const width = elementType === FLOAT8 ? 8 : 4;
  const stride = 1 + width / 4;
  const expected = fromBigEndian(width);
  const target = new Int32Array(out.buffer, out.byteOffset, n * (width / 4));
  for (let i = 0, at = 5; i < n; i++, at += stride) {
    if (words[at] !== expected) throw new Error(`unexpected element length ${fromBigEndian(words[at])} at position ${i} of an aggregated array`);
    if (width === 4) target[i] = fromBigEndian(words[at + 1]);
    else {
      // The double's high word first in PostgreSQL's order; this machine's order below.
      target[2 * i + (IS_LITTLE_ENDIAN ? 1 : 0)] = fromBigEndian(words[at + 1]);
      target[2 * i + (IS_LITTLE_ENDIAN ? 0 : 1)] = fromBigEndian(words[at + 2]);
    }
  }
  return out;
}

/**
 * Runs a COPY (query) TO STDOUT (FORMAT binary) and returns each row's fields as `read` makes
 * them. A row is read as soon as it has arrived, while PostgreSQL aggregates the next member's,
 * so on two cores Node's decoding mostly overlaps the database's work.
 */
async function copyRows<T>(client: pg.ClientBase, query: string, read: (fields: (Uint8Array | null)[]) => T): Promise<T[]> {
  const reader = new BinaryCopyReader();
  const out: T[] = [];
  const stream = client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`));
  // A row that fails to read fails the call once the stream has ended, so the connection is
  // never left in the middle of a COPY.
  let failure: { error: unknown } | null = null;
  for await (const chunk of stream) {
    reader.push(chunk as Buffer);
    while (failure === null && out.length < reader.rows.length) {
      try {
        out.push(read(reader.rows[out.length]));
      } catch (error) {
        failure = { error };
      }
    }
  }
  if (failure !== null) throw failure.error;
  reader.finish();
  return out;
}

/** Members in the given order, as SQL (COPY takes no parameters; the ids are checked to be integers). */
function membersSql(memberIds: readonly number[]): string {
  if (!memberIds.every((id) => Number.isSafeInteger(id))) throw new RangeError(`judge ids must be integers: ${memberIds.join(", ")}`);
  return `unnest('{${memberIds.join(",")}}'::int[]) WITH ORDINALITY AS m(judge_id, pos)`;
}

const scoresSql = (members: string) => `
  SELECT x.turns, x.scores FROM ${members}
  CROSS JOIN LATERAL (
    SELECT array_send(array_agg(s.turn_id ORDER BY s.turn_id)) AS turns, array_send(array_agg(s.overall_score ORDER BY s.turn_id)) AS scores
    FROM judge_scores s WHERE s.judge_id = m.judge_id) x
  ORDER BY m.pos`;

/** Each member's overall scores, in the members' order, turns ascending. */
export async function readMemberScores(client: pg.ClientBase, memberIds: readonly number[]): Promise<MemberScores[]> {
  return copyRows(client, scoresSql(membersSql(memberIds)), ([turns, scores]) => ({
    turnIds: decodeArray(turns, INT4, (n) => new Int32Array(n)),
    scores: decodeArray(scores, FLOAT8, (n) => new Float64Array(n)),
  }));
}

// Labels travel as one text per member, in turn order, joined by newlines. Labels rarely
// hold a newline; when one does, the pieces outnumber the turns, and the labels are read
// again with backslash and newline escaped (\\ and \n).
const labelsSql = (members: string, isEscaped: boolean) => `
  SELECT x.turns, x.labels FROM ${members}
  CROSS JOIN LATERAL (
    SELECT array_send(array_agg(l.turn_id ORDER BY l.turn_id)) AS turns,
      string_agg(${isEscaped ? "replace(replace(l.label, '\\', '\\\\'), E'\\n', '\\n')" : "l.label"}, E'\\n' ORDER BY l.turn_id) AS labels
    FROM judge_labels l WHERE l.judge_id = m.judge_id AND l.label IS NOT NULL) x
  ORDER BY m.pos`;

const utf8 = new TextDecoder();
const NEWLINE = 10;

/**
 * The distinct labels seen so far, each one code (its place in `labels`), found by the
 * FNV-1a hash of its UTF-8 bytes in an open-addressing table and then compared byte for
 * byte: a million labels make no million strings and no Map entry per label.
 */
class LabelDictionary {
  readonly labels: string[] = [];
  private bytes: Uint8Array[] = [];
  private hashes: number[] = [];
  /** code + 1 at a hash's slot (linear probing); 0 is empty. */
  private slots = new Int32Array(1024);

  /** The code of field[start, end), added if new. */
  code(field: Uint8Array, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] - 1;
      if (entry < 0) break;
      if (this.hashes[entry] === hash && isSame(this.bytes[entry], field, start, end)) return entry;
    }
    const bytes = field.slice(start, end);
    const code = this.labels.length;
    this.labels.push(utf8.decode(bytes));
    this.bytes.push(bytes);
    this.hashes.push(hash);
    if (2 * this.labels.length > this.slots.length) this.rehash();
    else this.place(code);
    return code;
  }

  private place(code: number): void {
    const mask = this.slots.length - 1;
    let slot = this.hashes[code] & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = code + 1;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 4);
    for (let code = 0; code < this.labels.length; code++) this.place(code);
  }
}

function isSame(bytes: Uint8Array, field: Uint8Array, start: number, end: number): boolean {
  if (bytes.length !== end - start) return false;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== field[start + i]) return false;
  return true;
}

/** The newline-separated labels of a text as codes in the dictionary. Null when the pieces are not n (a label held a newline). */
function splitLabelCodes(field: Uint8Array | null, n: number, dictionary: LabelDictionary): Int32Array | null {
  if (field === null) return n === 0 ? new Int32Array(0) : null;
  const codes = new Int32Array(n);
  let count = 0;
  for (let start = 0; start <= field.length; ) {
    let hash = 0x811c9dc5; // FNV-1a over the label's bytes
    let end = start;
    for (; end < field.length && field[end] !== NEWLINE; end++) hash = Math.imul(hash ^ field[end], 0x01000193);
    if (count === n) return null;
    codes[count++] = dictionary.code(field, start, end, hash);
    start = end + 1;
  }
  return count === n ? codes : null;
}

/** An escaped text (\\ for a backslash, \n for a newline) split at its newlines. */
function splitEscapedLabels(field: Uint8Array | null): string[] {
  if (field === null) return [];
  return utf8.decode(field).split("\n").map((label) => (label.includes("\\") ? label.replace(/\\(\\|n)/g, (_, c: string) => (c === "n" ? "\n" : "\\")) : label));
}

/**
 * Each member's single labels (binary and categorical answers), in the members' order, turns
 * ascending, as codes into one dictionary shared by all members: two codes are equal exactly
 * when their labels are.
 */
export async function readMemberLabelCodes(client: pg.ClientBase, memberIds: readonly number[]): Promise<MemberLabelCodes> {
  const members = membersSql(memberIds);
  const dictionary = new LabelDictionary();
  const plain = await copyRows(client, labelsSql(members, false), ([turns, text]) => {
    const turnIds = decodeArray(turns, INT4, (n) => new Int32Array(n));
    return { turnIds, codes: splitLabelCodes(text, turnIds.length, dictionary) };
  });
  if (plain.every((member) => member.codes !== null)) return { dictionary: dictionary.labels, members: plain.map(({ turnIds, codes }) => ({ turnIds, codes: codes! })) };
  const labels: string[] = [];
  const codeOf = new Map<string, number>();
  return {
    dictionary: labels,
    members: await copyRows(client, labelsSql(members, true), ([turns, text]) => {
      const turnIds = decodeArray(turns, INT4, (n) => new Int32Array(n));
      const pieces = splitEscapedLabels(text);
      if (pieces.length !== turnIds.length) throw new Error(`expected ${turnIds.length} labels, got ${pieces.length}`);
      const codes = new Int32Array(pieces.length);
      for (let i = 0; i < pieces.length; i++) {
        let code = codeOf.get(pieces[i]);
        if (code === undefined) codeOf.set(pieces[i], (code = labels.push(pieces[i]) - 1));
        codes[i] = code;
      }
      return { turnIds, codes };
    }),
  };
}
