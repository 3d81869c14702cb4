import "server-only";
import { getDb } from "../db";
import { HEURISTIC_JUDGE_NAME, SEED_JUDGE_VERSION } from "./judge-version-for-weights";

/** The id of the heuristic judge v1, whose metric scores every weighted version is computed from; null before any import. */
export async function findSeedJudgeId(): Promise<number | null> {
  const judge = await getDb().judge.findUnique({
    where: { name_version: { name: HEURISTIC_JUDGE_NAME, version: SEED_JUDGE_VERSION } },
    select: { id: true },
  });
  return judge?.id ?? null;
}
