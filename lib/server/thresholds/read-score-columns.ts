import "server-only";
import { databaseUrl } from "@/lib/server/db";
import { readScoreRows, UnknownPersonaError, type ScoreRows } from "./read-score-rows";
import { readScorePacks } from "./read-score-packs";
import { scorePool } from "./score-pool";

/** The seed judge's scores of every turn it scored, in turn order (see load-score-index.ts). */
export type ScoreColumns = {
  n: number;
  turnId: Int32Array;
  /** Dense session index (0 … sessionIds.length − 1), in order of first appearance. */
  session: Int32Array;
  sessionIds: Int32Array;
  persona: Uint16Array;
  personas: string[];
  overall: Float64Array;
  length: Float64Array;
  sentiment: Float64Array;
  completeness: Float64Array;
  critical: Float64Array;
};

/** What the columns were read at: the highest ids of scores, turns and sessions, and how many sessions and scores there were. */
type Stamp = { maxScoreId: number; maxTurnId: number; maxSessionId: number; sessions: number; scores: number };
type Kept = { columns: ScoreColumns; stamp: Stamp; sessionIndex: Map<number, number>; readAt: number };

/** Rows changed in place are not seen by the stamp, so kept columns are read whole again after a while. */
const MAX_AGE_MS = 10 * 60_000;
const globalForColumns = globalThis as unknown as { concordScoreColumns?: Map<string, Kept> };
const kept = (globalForColumns.concordScoreColumns ??= new Map());

export function clearScoreColumns(): void {
  kept.clear();
}

/** How the last call read the columns (for the bench and the tests): kept as they were, new turns appended, or all read. */
export let lastScoreRead: { kind: "kept" | "appended" | "full"; rows: number } = { kind: "full", rows: 0 };

/**
 * The columns of the seed judge's scores. Kept per database and judge with the stamp they
 * were read at: when nothing but new turns came since (no score of an older turn written,
 * no session removed: the counts add up), only the new turns are read and appended; when
 * anything else changed, or the kept columns are old, everything is read again.
 */
export async function readScoreColumns(judgeId: number | null): Promise<ScoreColumns> {
  if (judgeId === null) return emptyColumns();
  const key = `${databaseUrl()}|${judgeId}`;
  const last = kept.get(key);
  const stamp = await readStamp();
  if (last && Date.now() - last.readAt <= MAX_AGE_MS) {
    if (isSameStamp(last.stamp, stamp)) {
      lastScoreRead = { kind: "kept", rows: 0 };
      return last.columns;
    }
    const appended = await appendNewTurns(last, stamp, judgeId);
    if (appended) {
      kept.set(key, appended);
      lastScoreRead = { kind: "appended", rows: appended.columns.n - last.columns.n };
      return appended.columns;
    }
  }
  const fresh = await readAll(stamp);
  kept.set(key, fresh);
  lastScoreRead = { kind: "full", rows: fresh.columns.n };
  return fresh.columns;
}

/** The seed judge's score count is the packs' turn count (the triggers keep them equal), far cheaper than counting its scores. */
async function readStamp(): Promise<Stamp> {
  const { rows } = await scorePool().query<{ max_score_id: number | null; max_turn_id: number | null; max_session_id: number | null; sessions: number; scores: number }>(
    `SELECT (SELECT max(id) FROM judge_scores) AS max_score_id, (SELECT max(id) FROM turns) AS max_turn_id,
            (SELECT max(id) FROM eval_sessions) AS max_session_id, (SELECT count(*) FROM eval_sessions)::int AS sessions,
            (SELECT coalesce(sum(turn_count), 0) FROM score_index_packs)::int AS scores`,
  );
  const row = rows[0];
  return { maxScoreId: row.max_score_id ?? 0, maxTurnId: row.max_turn_id ?? 0, maxSessionId: row.max_session_id ?? 0, sessions: row.sessions, scores: row.scores };
}

function isSameStamp(a: Stamp, b: Stamp): boolean {
  return a.maxScoreId === b.maxScoreId && a.maxTurnId === b.maxTurnId && a.maxSessionId === b.maxSessionId && a.sessions === b.sessions && a.scores === b.scores;
}

/**
 * The kept columns with the turns added since, or null when more than that changed: a
 * session removed (fewer sessions than the kept count plus the new ones), a score of an
 * already-read turn written, or scores removed (the judge's count is not the kept count
 * plus the new turns').
 */
async function appendNewTurns(last: Kept, stamp: Stamp, judgeId: number): Promise<Kept | null> {
  const { columns } = last;
  const lastTurn = columns.n > 0 ? columns.turnId[columns.n - 1] : 0;
  const { rows } = await scorePool().query<{ new_sessions: number; old_turn_scores: number }>(
    `SELECT (SELECT count(*) FROM eval_sessions WHERE id > $1)::int AS new_sessions,
            (SELECT count(*) FROM judge_scores WHERE id > $2 AND judge_id = $3 AND turn_id <= $4)::int AS old_turn_scores`,
    [last.stamp.maxSessionId, last.stamp.maxScoreId, judgeId, lastTurn],
  );
  if (stamp.sessions !== last.stamp.sessions + rows[0].new_sessions || rows[0].old_turn_scores > 0) return null;
  const personas = await readPersonas(columns.personas);
  const tail = await readScoreRows(scorePool(), judgeId, personas, { afterTurnId: lastTurn, upToTurnId: null }, stamp.scores - columns.n).catch(unlessPersonaAdded);
  if (tail === null || columns.n + tail.n !== stamp.scores) return null;
  const sessionIndex = new Map(last.sessionIndex);
  const sessionIds = Array.from(columns.sessionIds);
  const merged = concatColumns(columns, [tail], personas, sessionIndex, sessionIds);
  return { columns: merged, stamp, sessionIndex, readAt: last.readAt };
}

/**
 * Every score of the judge, from the packs the triggers keep (read-score-packs.ts): what a
 * first read costs is one COPY of a byte string per session, not a join of every score with
 * its turn. (The packs hold the seed judge's scores, the only judge the index is read for.)
 */
async function readAll(stamp: Stamp): Promise<Kept> {
  const { personas, columns } = await readScorePacks(scorePool());
  const sessionIndex = new Map<number, number>();
  columns.sessionIds.forEach((id, s) => sessionIndex.set(id, s));
  return { columns: { ...columns, personas }, stamp, sessionIndex, readAt: Date.now() };
}

function unlessPersonaAdded(error: unknown): null {
  if (error instanceof UnknownPersonaError) return null;
  throw error;
}

/**
 * Every persona of a turn, `known` ones first in their order (so that their positions stay),
 * found by walking the persona index one distinct value at a time.
 */
async function readPersonas(known: readonly string[]): Promise<string[]> {
  const { rows } = await scorePool().query<{ persona_id: string }>(
    `WITH RECURSIVE p AS (
       SELECT min(persona_id) AS persona_id FROM turns
       UNION ALL
       SELECT (SELECT min(persona_id) FROM turns WHERE persona_id > p.persona_id) FROM p WHERE p.persona_id IS NOT NULL
     ) SELECT persona_id FROM p WHERE persona_id IS NOT NULL`,
  );
  const personas = [...known];
  for (const row of rows) if (!personas.includes(row.persona_id)) personas.push(row.persona_id);
  return personas;
}

/** `columns` followed by each of `parts` (later turns), sessions numbered in order of first appearance. */
function concatColumns(columns: ScoreColumns, parts: ScoreRows[], personas: string[], sessionIndex: Map<number, number>, sessionIds: number[]): ScoreColumns {
  const n = parts.reduce((sum, rows) => sum + rows.n, columns.n);
  const join = <T extends Int32Array | Uint16Array | Float64Array>(head: T, pick: (rows: ScoreRows) => T, make: new (length: number) => T): T => {
    const out = new make(n);
    out.set(head.subarray(0, columns.n));
    let at = columns.n;
    for (const rows of parts) {
      out.set(pick(rows), at);
      at += rows.n;
    }
    return out;
  };
  const session = new Int32Array(n);
  session.set(columns.session.subarray(0, columns.n));
  let at = columns.n;
  let lastId = NaN;
  let lastIndex = -1;
  for (const rows of parts) {
    for (let i = 0; i < rows.n; i++, at++) {
      const id = rows.sessionId[i];
      if (id !== lastId) {
        let s = sessionIndex.get(id);
        if (s === undefined) {
          sessionIndex.set(id, (s = sessionIds.length));
          sessionIds.push(id);
        }
        lastId = id;
        lastIndex = s;
      }
      session[at] = lastIndex;
    }
  }
  return {
    n,
    turnId: join(columns.turnId, (rows) => rows.turnId, Int32Array),
    session,
    sessionIds: Int32Array.from(sessionIds),
    persona: join(columns.persona, (rows) => rows.persona, Uint16Array),
    personas,
    overall: join(columns.overall, (rows) => rows.overall, Float64Array),
    length: join(columns.length, (rows) => rows.length, Float64Array),
    sentiment: join(columns.sentiment, (rows) => rows.sentiment, Float64Array),
    completeness: join(columns.completeness, (rows) => rows.completeness, Float64Array),
    critical: join(columns.critical, (rows) => rows.critical, Float64Array),
  };
}

function emptyColumns(): ScoreColumns {
  return {
    n: 0,
    turnId: new Int32Array(0),
    session: new Int32Array(0),
    sessionIds: new Int32Array(0),
    persona: new Uint16Array(0),
    personas: [],
    overall: new Float64Array(0),
    length: new Float64Array(0),
    sentiment: new Float64Array(0),
    completeness: new Float64Array(0),
    critical: new Float64Array(0),
  };
}
