import "server-only";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { MemberLabels, MemberScores } from "@/lib/panels/aggregate-panel";

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
 * endian. Read as 32-bit words of a copy of our own (aligned, and typed arrays of this
 * realm): an int4 element is words [length, value], a float8 [length, high, low].
 */
function decodeArray<T extends Int32Array | Float64Array>(buffer: Buffer | null, elementType: number, make: (n: number) => T): T {
  if (buffer === null) return make(0);
  const bytes = new Uint8Array(buffer.length + ((4 - (buffer.length % 4)) % 4));
  bytes.set(buffer);
  const words = new Int32Array(bytes.buffer);
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

/** The fields of each row of a binary COPY (its 19-byte header, then per row a field count and length-prefixed fields; a length of −1 is null). */
function parseBinaryCopy(data: Buffer): (Buffer | null)[][] {
  if (data.length < 21 || data.toString("latin1", 0, 11) !== "PGCOPY\n\xff\r\n\0") throw new Error("not a binary COPY stream");
  const rows: (Buffer | null)[][] = [];
  let at = 15 + 4 + data.readInt32BE(15);
  for (;;) {
    const fields = data.readInt16BE(at);
    at += 2;
    if (fields === -1) return rows;
    const row: (Buffer | null)[] = [];
    for (let f = 0; f < fields; f++) {
      const length = data.readInt32BE(at);
      at += 4;
      row.push(length < 0 ? null : data.subarray(at, at + length));
      if (length > 0) at += length;
    }
    rows.push(row);
  }
}

/** Runs a COPY (query) TO STDOUT (FORMAT binary) and returns its rows' fields. */
async function copyRows(client: pg.ClientBase, query: string): Promise<(Buffer | null)[][]> {
  const chunks: Buffer[] = [];
  const stream = client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`));
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return parseBinaryCopy(Buffer.concat(chunks));
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
  const rows = await copyRows(client, scoresSql(membersSql(memberIds)));
  return rows.map(([turns, scores]) => ({
    turnIds: decodeArray(turns, INT4, (n) => new Int32Array(n)),
    scores: decodeArray(scores, FLOAT8, (n) => new Float64Array(n)),
  }));
}

// Labels travel as one text per member, in turn order, separated by newlines: a backslash
// and a newline inside a label are escaped (\\ and \n) so the split is exact.
const labelsSql = (members: string) => `
  SELECT x.turns, x.labels FROM ${members}
  CROSS JOIN LATERAL (
    SELECT array_send(array_agg(l.turn_id ORDER BY l.turn_id)) AS turns,
      string_agg(replace(replace(l.label, '\\', '\\\\'), E'\\n', '\\n'), E'\\n' ORDER BY l.turn_id) AS labels
    FROM judge_labels l WHERE l.judge_id = m.judge_id AND l.label IS NOT NULL) x
  ORDER BY m.pos`;

function splitLabels(field: Buffer | null, n: number): string[] {
  if (field === null) return [];
  const text = field.toString("utf8");
  const labels = text.split("\n");
  if (text.includes("\\")) {
    for (let i = 0; i < labels.length; i++) if (labels[i].includes("\\")) labels[i] = labels[i].replace(/\\(\\|n)/g, (_, c: string) => (c === "n" ? "\n" : "\\"));
  }
  if (labels.length !== n) throw new Error(`expected ${n} labels, got ${labels.length}`);
  return labels;
}

/** Each member's single labels (binary and categorical answers), in the members' order, turns ascending. */
export async function readMemberLabels(client: pg.ClientBase, memberIds: readonly number[]): Promise<MemberLabels[]> {
  const rows = await copyRows(client, labelsSql(membersSql(memberIds)));
  return rows.map(([turns, text]) => {
    const turnIds = decodeArray(turns, INT4, (n) => new Int32Array(n));
    return { turnIds, labels: splitLabels(text, turnIds.length) };
  });
}
