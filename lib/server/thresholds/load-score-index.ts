import "server-only";
import { LruCache } from "@/lib/agreement/lru-cache";
import { databaseUrl } from "@/lib/server/db";
import { getDataVersion } from "@/lib/server/agreement/get-data-version";
import { findSeedJudgeId } from "./find-seed-judge-id";
import { loadHumanLevels } from "./load-human-levels";
import { clearScoreColumns, readScoreColumns, type ScoreColumns } from "./read-score-columns";

/**
 * Every turn the heuristic judge v1 scored, in turn order, as typed columns: what the
 * thresholds preview rescores under a draft's weights and cut-offs. A missing metric is
 * stored as 0, which is how the judge counts it. The scores (about 50 MB at a million turns)
 * are read once from the packs the triggers keep (read-score-packs.ts) and kept in process
 * (read-score-columns.ts), brought up to date by reading only the turns added since; the
 * human levels, which every new rating changes, are read again per data version (the
 * agreement report's fingerprint, see get-data-version.ts), so that an editor's successive
 * drafts all reuse the index.
 */
export type ScoreIndex = ScoreColumns & {
  /** The rated turns (positions in the columns, ascending) and their human level. */
  rated: Int32Array;
  ratedLevel: Int32Array;
};

/** Like the report's caches: the data version misses rows changed in place, so entries also age out. */
const MAX_AGE_MS = 10 * 60_000;
const globalForIndex = globalThis as unknown as { concordScoreIndex?: LruCache<Promise<ScoreIndex>> };
const cache = (globalForIndex.concordScoreIndex ??= new LruCache<Promise<ScoreIndex>>(2, MAX_AGE_MS));

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
  clearScoreColumns();
}

async function readIndex(seedJudgeId: number | null): Promise<ScoreIndex> {
  const [columns, humans] = await Promise.all([readScoreColumns(seedJudgeId), loadHumanLevels()]);
  return { ...columns, ...ratedPositions(columns.turnId, humans) };
}

/** The positions (ascending) of the turns with a human level, found by binary search in the sorted turn ids. */
function ratedPositions(turnId: Int32Array, humans: Map<number, number>): Pick<ScoreIndex, "rated" | "ratedLevel"> {
  const found: number[] = [];
  for (const id of humans.keys()) {
    let low = 0;
    let high = turnId.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (turnId[middle] < id) low = middle + 1;
      else if (turnId[middle] > id) high = middle - 1;
      else {
        found.push(middle);
        break;
      }
    }
  }
  const rated = Int32Array.from(found).sort();
  const ratedLevel = new Int32Array(rated.length);
  for (let r = 0; r < rated.length; r++) ratedLevel[r] = humans.get(turnId[rated[r]])!;
  return { rated, ratedLevel };
}
