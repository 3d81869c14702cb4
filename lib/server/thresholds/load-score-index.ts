import "server-only";
import { LruCache } from "@/lib/agreement/lru-cache";
import { databaseUrl } from "@/lib/server/db";
import { getDataVersion } from "@/lib/server/agreement/get-data-version";
import { findSeedJudgeId } from "./find-seed-judge-id";
import { loadHumanLevels } from "./load-human-levels";
import { scorePool } from "./score-pool";

/**
 * Every turn the heuristic judge v1 scored, in turn order, as typed columns: what the
 * thresholds preview rescores under a draft's weights and cut-offs. A million turns take
 * about 50 MB and a few seconds to read, so the index is kept in process per database and
 * data version (the agreement report's fingerprint, see get-data-version.ts): an editor's
 * successive drafts all reuse it. A missing metric is stored as 0, which is how the judge
 * counts it.
 */
export type ScoreIndex = {
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
  /** The rated turns (positions in the columns, ascending) and their human level. */
  rated: Int32Array;
  ratedLevel: Int32Array;
};

/** Like the report's caches: the data version misses rows changed in place, so entries also age out. */
const MAX_AGE_MS = 10 * 60_000;
const globalForIndex = globalThis as unknown as { concordScoreIndex?: LruCache<Promise<ScoreIndex>> };
const cache = (globalForIndex.concordScoreIndex ??= new LruCache<Promise<ScoreIndex>>(2, MAX_AGE_MS));

const BATCH = 100_000;

/** The score index of the current database at its current data version (read once, shared by concurrent callers). */
export async function loadScoreIndex(): Promise<ScoreIndex> {
  const [dataVersion, seedJudgeId] = await Promise.all([getDataVersion(), findSeedJudgeId()]);
  const key = `${databaseUrl()}|${dataVersion}|${seedJudgeId}`;
  let index = cache.get(key);
  if (!index) {
    index = readIndex(seedJudgeId);
    cache.set(key, index);
    index.catch(() => cache.delete(key));
  }
  return index;
}

/** Starts reading the index in the background (the thresholds page, so the first preview finds it ready). */
export function warmScoreIndex(): void {
  loadScoreIndex().catch((error: unknown) => console.warn(`[concord] score index: ${error instanceof Error ? error.message : String(error)}`));
}

export function clearScoreIndex(): void {
  cache.clear();
}

async function readIndex(seedJudgeId: number | null): Promise<ScoreIndex> {
  const humansPromise = loadHumanLevels();
  const pool = scorePool();
  const [{ n: expected }] = seedJudgeId === null ? [{ n: 0 }] : (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM judge_scores WHERE judge_id = $1", [seedJudgeId])).rows;
  let columns = allocate(expected);
  let n = 0;
  const personaIndex = new Map<string, number>();
  const sessionIndex = new Map<number, number>();
  const sessionIds: number[] = [];
  let after = 0;
  while (seedJudgeId !== null) {
    const { rows } = await pool.query<[number, number, string, number, number | null, number | null, number | null, number | null]>({
      text: `SELECT s.turn_id, t.session_id, t.persona_id, s.overall_score, s.length_score, s.sentiment_score, s.completeness_score, s.critical_intensity
             FROM judge_scores s JOIN turns t ON t.id = s.turn_id
             WHERE s.judge_id = $1 AND s.turn_id > $2 ORDER BY s.turn_id LIMIT $3`,
      values: [seedJudgeId, after, BATCH],
      rowMode: "array",
    });
    if (n + rows.length > columns.turnId.length) columns = grow(columns, n + rows.length);
    for (const [turnId, sessionId, personaId, overall, length, sentiment, completeness, critical] of rows) {
      let p = personaIndex.get(personaId);
      if (p === undefined) personaIndex.set(personaId, (p = personaIndex.size));
      let s = sessionIndex.get(sessionId);
      if (s === undefined) {
        sessionIndex.set(sessionId, (s = sessionIds.length));
        sessionIds.push(sessionId);
      }
      columns.turnId[n] = turnId;
      columns.session[n] = s;
      columns.persona[n] = p;
      columns.overall[n] = overall;
      columns.length[n] = length ?? 0;
      columns.sentiment[n] = sentiment ?? 0;
      columns.completeness[n] = completeness ?? 0;
      columns.critical[n] = critical ?? 0;
      n++;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1][0];
  }
  const humans = await humansPromise;
  const rated: number[] = [];
  const ratedLevel: number[] = [];
  for (let i = 0; i < n; i++) {
    const level = humans.get(columns.turnId[i]);
    if (level !== undefined) {
      rated.push(i);
      ratedLevel.push(level);
    }
  }
  const trimmed = grow(columns, n);
  return {
    n,
    ...trimmed,
    sessionIds: Int32Array.from(sessionIds),
    personas: [...personaIndex.keys()],
    rated: Int32Array.from(rated),
    ratedLevel: Int32Array.from(ratedLevel),
  };
}

type Columns = Pick<ScoreIndex, "turnId" | "session" | "persona" | "overall" | "length" | "sentiment" | "completeness" | "critical">;

function allocate(size: number): Columns {
  return {
    turnId: new Int32Array(size),
    session: new Int32Array(size),
    persona: new Uint16Array(size),
    overall: new Float64Array(size),
    length: new Float64Array(size),
    sentiment: new Float64Array(size),
    completeness: new Float64Array(size),
    critical: new Float64Array(size),
  };
}

/** The columns resized to `size` (copied; a shorter size trims). */
function grow(columns: Columns, size: number): Columns {
  if (size === columns.turnId.length) return columns;
  const next = allocate(Math.max(size, 0));
  for (const key of Object.keys(next) as (keyof Columns)[]) {
    (next[key] as Float64Array).set((columns[key] as Float64Array).subarray(0, Math.min(size, columns[key].length)));
  }
  return next;
}
