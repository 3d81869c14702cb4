import "server-only";
import { canonicalWeights, type WeightsTable } from "@/lib/thresholds/weights";
import type { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { HEURISTIC_JUDGE_NAME, judgeVersionForWeights, SEED_JUDGE_VERSION } from "./judge-version-for-weights";

export const RECOMPUTE_JOB_KIND = "recompute-scores";

type Client = Pick<Prisma.TransactionClient, "$queryRaw">;

/** What a recompute job carries; afterTurnId advances with each committed batch. */
export type RecomputePayload = {
  judgeId: number;
  judgeVersion: string;
  sourceJudgeId: number;
  weights: WeightsTable;
  afterTurnId: number;
};

export type ScoringJudgeIds = { judgeId: number; judgeVersion: string; sourceJudgeId: number; jobId: number | null };

async function ensureJudgeRow(client: Client, version: string, config: unknown): Promise<number> {
  const found = await client.$queryRaw<{ id: number }[]>`SELECT id FROM judges WHERE name = ${HEURISTIC_JUDGE_NAME} AND version = ${version}`;
  if (found.length > 0) return found[0].id;
  await client.$queryRaw`
    INSERT INTO judges (name, version, kind, config)
    VALUES (${HEURISTIC_JUDGE_NAME}, ${version}, 'heuristic'::judge_kind, ${JSON.stringify(config)}::jsonb)
    ON CONFLICT (name, version) DO NOTHING`;
  const rows = await client.$queryRaw<{ id: number }[]>`SELECT id FROM judges WHERE name = ${HEURISTIC_JUDGE_NAME} AND version = ${version}`;
  return rows[0].id;
}

async function maxTurnId(client: Client, judgeId: number): Promise<number | null> {
  const rows = await client.$queryRaw<{ max: number | null }[]>`SELECT max(turn_id) AS max FROM judge_scores WHERE judge_id = ${judgeId}`;
  return rows[0].max;
}

/**
 * Where a job that failed (since the last one that finished) got to: batches commit two at
 * a time, so a failed job may have written past a batch it never wrote; the next job starts
 * from its watermark, not from the highest scored turn.
 */
async function failedWatermark(client: Client, judgeId: number): Promise<number | null> {
  const rows = await client.$queryRaw<{ min: number | null }[]>`
    SELECT min((payload ->> 'afterTurnId')::int) AS min FROM jobs
    WHERE kind = ${RECOMPUTE_JOB_KIND} AND (payload ->> 'judgeId')::int = ${judgeId} AND status IN ('failed', 'cancelled')
      AND id > COALESCE((SELECT max(id) FROM jobs WHERE kind = ${RECOMPUTE_JOB_KIND} AND (payload ->> 'judgeId')::int = ${judgeId} AND status = 'done'), 0)`;
  return rows[0].min;
}

/**
 * The heuristic judge version for these weights, created when new, and a recompute job when
 * the heuristic judge v1 has scored turns this version has no score for yet (a new version,
 * turns imported since, or a job that failed). Jobs read in turn order and finish every batch,
 * so every turn up to the version's highest scored turn is done: the job starts after it. Idempotent, and cheap when nothing is
 * missing (two index look-ups); at most one unfinished job per judge version.
 */
export async function ensureRecomputeJob(weights: WeightsTable, options: { client?: Client; createdById?: number | null } = {}): Promise<ScoringJudgeIds> {
  const client = options.client ?? getDb();
  const sourceJudgeId = await ensureJudgeRow(client, SEED_JUDGE_VERSION, { weights: "seed 002 §4.1" });
  const judgeVersion = judgeVersionForWeights(weights);
  if (judgeVersion === SEED_JUDGE_VERSION) return { judgeId: sourceJudgeId, judgeVersion, sourceJudgeId, jobId: null };

  const canonical = canonicalWeights(weights);
  const judgeId = await ensureJudgeRow(client, judgeVersion, { weights: canonical, rescoredFrom: `${HEURISTIC_JUDGE_NAME} ${SEED_JUDGE_VERSION}` });
  const open = await client.$queryRaw<{ id: number }[]>`
    SELECT id FROM jobs WHERE kind = ${RECOMPUTE_JOB_KIND} AND status IN ('pending', 'running') AND (payload ->> 'judgeId')::int = ${judgeId}`;
  if (open.length > 0) return { judgeId, judgeVersion, sourceJudgeId, jobId: open[0].id };

  const [sourceMax, targetMax, gapStart] = [await maxTurnId(client, sourceJudgeId), await maxTurnId(client, judgeId), await failedWatermark(client, judgeId)];
  if (sourceMax === null || (gapStart === null && (targetMax ?? 0) >= sourceMax)) return { judgeId, judgeVersion, sourceJudgeId, jobId: null };

  const afterTurnId = Math.min(targetMax ?? 0, gapStart ?? Infinity);
  const payload: RecomputePayload = { judgeId, judgeVersion, sourceJudgeId, weights: canonical, afterTurnId };
  const inserted = await client.$queryRaw<{ id: number }[]>`
    INSERT INTO jobs (kind, status, payload, total, created_by_id)
    SELECT ${RECOMPUTE_JOB_KIND}, 'pending'::job_status, ${JSON.stringify(payload)}::jsonb, count(*)::int, ${options.createdById ?? null}::int
    FROM judge_scores WHERE judge_id = ${sourceJudgeId} AND turn_id > ${afterTurnId}
    ON CONFLICT (((payload ->> 'judgeId')::int)) WHERE kind = 'recompute-scores' AND status IN ('pending', 'running') DO NOTHING
    RETURNING id`;
  if (inserted.length > 0) return { judgeId, judgeVersion, sourceJudgeId, jobId: inserted[0].id };
  // Another server enqueued it at the same moment.
  const again = await client.$queryRaw<{ id: number }[]>`
    SELECT id FROM jobs WHERE kind = ${RECOMPUTE_JOB_KIND} AND status IN ('pending', 'running') AND (payload ->> 'judgeId')::int = ${judgeId}`;
  return { judgeId, judgeVersion, sourceJudgeId, jobId: again[0]?.id ?? null };
}
