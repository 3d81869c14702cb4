import "server-only";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { MemberLabelCodes, MemberScores } from "@/lib/panels/aggregate-panel";
import { BinaryCopyReader } from "./binary-copy-reader";
import { ByteInterner, FNV } from "@/lib/byte-interner";

// A panel's members' answers as typed columns, one row per member, each column aggregated
// in turn order straight off the (judge_id, turn_id) indexes as one bytea of big-endian
// values back to back (string_agg of int4send / float8send: less database CPU than
// array_send of an array_agg, which calls the element's send function through a fresh
// buffer per element). The rows come by COPY … TO STDOUT in binary format, so the bytes
// arrive as they are (a query's bytea would travel as hex text, twice the size, then be
// decoded twice); the columns are read here as 32-bit words, the scores bit for bit as
// stored. 10⁶ turns × 5 members are about 60 MB.

const IS_LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** A big-endian 32-bit word as this machine's int32. */
const fromBigEndian = (word: number) => (IS_LITTLE_ENDIAN ? ((word & 0xff) << 24) | ((word & 0xff00) << 8) | ((word >>> 8) & 0xff00) | (word >>> 24) : word);

/** The reader's field as 32-bit words (its fields start a buffer of their own, padded to whole words). */
function wordsOf(field: Uint8Array, width: 4 | 8, what: string): Int32Array {
  if (field.byteLength % width !== 0) throw new Error(`expected ${what} as ${width}-byte values, got ${field.byteLength} bytes`);
  return new Int32Array(field.buffer, field.byteOffset, field.buffer.byteLength >> 2);
}

/** Big-endian int4 values back to back (null: none). */
function decodeInt4s(field: Uint8Array | null): Int32Array {
  if (field === null) return new Int32Array(0);
  const words = wordsOf(field, 4, "turn ids");
  const out = new Int32Array(field.byteLength >> 2);
  for (let i = 0; i < out.length; i++) out[i] = fromBigEndian(words[i]);
  return out;
}

/** Big-endian float8 values back to back (null: none), bit for bit. */
function decodeFloat8s(field: Uint8Array | null): Float64Array {
  if (field === null) return new Float64Array(0);
  const words = wordsOf(field, 8, "scores");
  const out = new Float64Array(field.byteLength >> 3);
  const target = new Int32Array(out.buffer);
  // The double's high word first in PostgreSQL's order; this machine's order below.
  const high = IS_LITTLE_ENDIAN ? 1 : 0;
  for (let i = 0; i < out.length; i++) {
    target[2 * i + high] = fromBigEndian(words[2 * i]);
    target[2 * i + 1 - high] = fromBigEndian(words[2 * i + 1]);
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
    SELECT string_agg(int4send(s.turn_id), ''::bytea ORDER BY s.turn_id) AS turns, string_agg(float8send(s.overall_score), ''::bytea ORDER BY s.turn_id) AS scores
    FROM judge_scores s WHERE s.judge_id = m.judge_id) x
  ORDER BY m.pos`;

/** Each member's overall scores, in the members' order, turns ascending. */
export async function readMemberScores(client: pg.ClientBase, memberIds: readonly number[]): Promise<MemberScores[]> {
  return copyRows(client, scoresSql(membersSql(memberIds)), ([turns, scores]) => {
    const member = { turnIds: decodeInt4s(turns), scores: decodeFloat8s(scores) };
    if (member.scores.length !== member.turnIds.length) throw new Error(`expected ${member.turnIds.length} scores, got ${member.scores.length}`);
    return member;
  });
}

// Labels travel as one text per member, in turn order, joined by newlines. Labels rarely
// hold a newline; when one does, the pieces outnumber the turns, and the labels are read
// again with backslash and newline escaped (\\ and \n).
const labelsSql = (members: string, isEscaped: boolean) => `
  SELECT x.turns, x.labels FROM ${members}
  CROSS JOIN LATERAL (
    SELECT string_agg(int4send(l.turn_id), ''::bytea ORDER BY l.turn_id) AS turns,
      string_agg(${isEscaped ? "replace(replace(l.label, '\\', '\\\\'), E'\\n', '\\n')" : "l.label"}, E'\\n' ORDER BY l.turn_id) AS labels
    FROM judge_labels l WHERE l.judge_id = m.judge_id AND l.label IS NOT NULL) x
  ORDER BY m.pos`;

const utf8 = new TextDecoder();
const NEWLINE = 10;

/** The newline-separated labels of a text as codes in the dictionary. Null when the pieces are not n (a label held a newline). */
function splitLabelCodes(field: Uint8Array | null, n: number, dictionary: ByteInterner): Int32Array | null {
  if (field === null) return n === 0 ? new Int32Array(0) : null;
  const codes = new Int32Array(n);
  let count = 0;
  for (let start = 0; start <= field.length; ) {
    let hash: number = FNV.offset; // byteHash of the label's bytes, taken while looking for its end
    let end = start;
    for (; end < field.length && field[end] !== NEWLINE; end++) hash = Math.imul(hash ^ field[end], FNV.prime);
    if (count === n) return null;
    codes[count++] = dictionary.intern(field, start, end, hash);
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
  // The distinct labels, each one code, found by their bytes: a million labels make no million strings.
  const dictionary = new ByteInterner();
  const plain = await copyRows(client, labelsSql(members, false), ([turns, text]) => {
    const turnIds = decodeInt4s(turns);
    return { turnIds, codes: splitLabelCodes(text, turnIds.length, dictionary) };
  });
  if (plain.every((member) => member.codes !== null)) return { dictionary: dictionary.strings, members: plain.map(({ turnIds, codes }) => ({ turnIds, codes: codes! })) };
  const labels: string[] = [];
  const codeOf = new Map<string, number>();
  return {
    dictionary: labels,
    members: await copyRows(client, labelsSql(members, true), ([turns, text]) => {
      const turnIds = decodeInt4s(turns);
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
