import "server-only";
import { HEURISTIC_JUDGE_NAME, SEED_JUDGE_VERSION } from "./judge-version-for-weights";
import { scorePool } from "./score-pool";

/**
 * The id of the heuristic judge v1, whose metric scores every weighted version is computed
 * from; null before any import. Read on the score pool, like the score index it keys: the
 * preview's first read in a process then waits for no query to be compiled.
 */
export async function findSeedJudgeId(): Promise<number | null> {
  const { rows } = await scorePool().query<{ id: number }>("SELECT id FROM judges WHERE name = $1 AND version = $2", [HEURISTIC_JUDGE_NAME, SEED_JUDGE_VERSION]);
  return rows[0]?.id ?? null;
}
