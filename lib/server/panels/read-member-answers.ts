import "server-only";
import type pg from "pg";
import type { MemberLabels, MemberScores } from "@/lib/panels/aggregate-panel";

// A panel's members' answers as typed columns, one row per member, each column one array
// aggregated in turn order straight off the (judge_id, turn_id) indexes and sent as
// PostgreSQL's binary array (array_send, as bytea): decoded here with Buffer's big-endian
// readers, no text to parse, the scores bit for bit as stored. (node-postgres cannot take
// results in binary format, so the bytea travels hex-encoded; 10⁶ turns × 5 members are
// 5 rows of ~40 MB of hex, decoded in tens of milliseconds.)

const INT4 = 23;
const FLOAT8 = 701;

/** PostgreSQL's binary array (array_send): ndim, has-null flag, element type, dims, then length-prefixed elements. */
function decodeArray<T extends Int32Array | Float64Array>(buffer: Buffer | null, elementType: number, make: (n: number) => T): T {
  if (buffer === null) return make(0);
  const view = { getInt32: (at: number) => buffer.readInt32BE(at), getUint32: (at: number) => buffer.readUInt32BE(at), getFloat64: (at: number) => buffer.readDoubleBE(at) };
  const ndim = view.getInt32(0);
  if (ndim === 0) return make(0);
  if (ndim !== 1) throw new Error(`expected a one-dimensional array, got ${ndim} dimensions`);
  if (view.getUint32(8) !== elementType) throw new Error(`expected array elements of type ${elementType}, got ${view.getUint32(8)}`);
  const n = view.getInt32(12);
  const out = make(n);
  const isFloat = elementType === FLOAT8;
  let at = 20;
  for (let i = 0; i < n; i++) {
    const length = view.getInt32(at);
    if (length < 0) throw new Error(`unexpected null at position ${i} of an aggregated array`);
    out[i] = isFloat ? view.getFloat64(at + 4) : view.getInt32(at + 4);
    at += 4 + length;
  }
  return out;
}

type Columns = [Buffer | null, Buffer | null];

/** Two bytea columns per row (node-postgres turns bytea into a Buffer). */
async function queryColumns(client: pg.ClientBase, text: string, values: unknown[]): Promise<Columns[]> {
  return (await client.query<Columns>({ text, values, rowMode: "array" })).rows;
}

/** Members in the given order; $1 their ids. */
const MEMBERS = `unnest($1::int[]) WITH ORDINALITY AS m(judge_id, pos)`;

const SCORES_SQL = `
  SELECT x.turns, x.scores FROM ${MEMBERS}
  CROSS JOIN LATERAL (
    SELECT array_send(array_agg(s.turn_id ORDER BY s.turn_id)) AS turns, array_send(array_agg(s.overall_score ORDER BY s.turn_id)) AS scores
    FROM judge_scores s WHERE s.judge_id = m.judge_id) x
  ORDER BY m.pos`;

/** Each member's overall scores, in the members' order, turns ascending. */
export async function readMemberScores(client: pg.ClientBase, memberIds: readonly number[]): Promise<MemberScores[]> {
  const rows = await queryColumns(client, SCORES_SQL, [memberIds]);
  return rows.map(([turns, scores]) => ({
    turnIds: decodeArray(turns, INT4, (n) => new Int32Array(n)),
    scores: decodeArray(scores, FLOAT8, (n) => new Float64Array(n)),
  }));
}

// Labels travel as codes into the members' distinct labels ($2), so each distinct label is
// one string in memory and a vote compares references, not text.
const DISTINCT_LABELS_SQL = `SELECT DISTINCT label FROM judge_labels WHERE judge_id = ANY($1::int[]) AND label IS NOT NULL`;
const LABELS_SQL = `
  SELECT x.turns, x.codes FROM ${MEMBERS}
  CROSS JOIN LATERAL (
    SELECT array_send(array_agg(l.turn_id ORDER BY l.turn_id)) AS turns, array_send(array_agg(array_position($2::text[], l.label) ORDER BY l.turn_id)) AS codes
    FROM judge_labels l WHERE l.judge_id = m.judge_id AND l.label IS NOT NULL) x
  ORDER BY m.pos`;

function labelsOf(codes: Int32Array, distinct: readonly string[]): string[] {
  const labels = new Array<string>(codes.length);
  for (let i = 0; i < codes.length; i++) labels[i] = distinct[codes[i] - 1];
  return labels;
}

/** Each member's single labels (binary and categorical answers), in the members' order, turns ascending. */
export async function readMemberLabels(client: pg.ClientBase, memberIds: readonly number[]): Promise<MemberLabels[]> {
  const distinct = (await client.query<{ label: string }>(DISTINCT_LABELS_SQL, [memberIds])).rows.map((row) => row.label);
  const rows = await queryColumns(client, LABELS_SQL, [memberIds, distinct]);
  return rows.map(([turns, codes]) => ({
    turnIds: decodeArray(turns, INT4, (n) => new Int32Array(n)),
    labels: labelsOf(decodeArray(codes, INT4, (n) => new Int32Array(n)), distinct),
  }));
}
