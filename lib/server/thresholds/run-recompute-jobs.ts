import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { overallColumn } from "@/lib/thresholds/score-columns";
import { RECOMPUTE_JOB_KIND, type RecomputePayload } from "./ensure-recompute-job";
import { readRecomputeBatches } from "./read-recompute-batches";
import { scorePool } from "./score-pool";
import { RECOMPUTE_LEASE, writeScoreBatch } from "./write-score-batch";

const MAX_ATTEMPTS = 5;
/** Batches written at once; the next batch is read meanwhile on a third connection. */
const WRITERS = 2;

export type RecomputeProgress = { jobId: number; judgeVersion: string; completed: number; total: number };
export type RecomputeRun = { finished: number[]; failed: { jobId: number; error: string }[] };

type ClaimedJob = { id: number; payload: RecomputePayload; total: number; completed: number };

async function claimJob(worker: string): Promise<ClaimedJob | null> {
  const { rows } = await scorePool().query<ClaimedJob>(
    `UPDATE jobs SET status = 'running', locked_by = $1, locked_until = now() + interval '${RECOMPUTE_LEASE}',
       attempts = attempts + 1, updated_at = now()
     WHERE id = (
       SELECT id FROM jobs
       WHERE kind = $2 AND ((status = 'pending' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, payload, total, completed`,
    [worker, RECOMPUTE_JOB_KIND],
  );
  return rows[0] ?? null;
}

/** Batch k's last turn, and which batches have committed: the watermark is the end of the committed prefix. */
class Watermark {
  private ends: number[] = [];
  private committed: boolean[] = [];
  private prefix = -1;

  constructor(private readonly start: number) {}

  add(end: number): number {
    this.ends.push(end);
    return this.ends.length - 1;
  }

  /** The watermark if batch k commits now. */
  ifCommitted(k: number): number {
    let last = this.prefix;
    while (last + 1 < this.ends.length && (this.committed[last + 1] || last + 1 === k)) last++;
    return last < 0 ? this.start : this.ends[last];
  }

  commit(k: number): void {
    this.committed[k] = true;
    while (this.committed[this.prefix + 1]) this.prefix++;
  }
}

async function runJob(job: ClaimedJob, worker: string, batchSize: number, onProgress?: (progress: RecomputeProgress) => void): Promise<void> {
  const { judgeId, judgeVersion, sourceJudgeId, afterTurnId, weights } = job.payload;
  const watermark = new Watermark(afterTurnId);
  const writes = new Set<Promise<void>>();
  let completed = job.completed;
  let isLeaseLost = false;
  let failure: unknown = null;

  for await (const batch of readRecomputeBatches(scorePool(), { judgeId: sourceJudgeId, afterTurnId, batchSize })) {
    const k = watermark.add(batch.turnId[batch.n - 1]);
    const overall = overallColumn(weights, batch.personas, batch);
    const write = writeScoreBatch({ jobId: job.id, worker, judgeId, sourceJudgeId, turnIds: batch.turnId, overall, watermark: () => watermark.ifCommitted(k) })
      .then((written) => {
        if (written === null) {
          isLeaseLost = true;
          return;
        }
        watermark.commit(k);
        completed += written;
        onProgress?.({ jobId: job.id, judgeVersion, completed, total: Math.max(job.total, completed) });
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => writes.delete(write));
    writes.add(write);
    if (writes.size >= WRITERS) await Promise.race(writes);
    if (isLeaseLost || failure !== null) break;
  }
  await Promise.all(writes);
  if (failure !== null) throw failure;
  if (isLeaseLost) return;
  await scorePool().query(
    "UPDATE jobs SET status = 'done', locked_by = NULL, locked_until = NULL, last_error = NULL, updated_at = now() WHERE id = $1 AND locked_by = $2",
    [job.id, worker],
  );
}

async function recordFailure(job: ClaimedJob, worker: string, error: unknown): Promise<void> {
  await scorePool().query(
    `UPDATE jobs SET status = (CASE WHEN attempts >= $3 THEN 'failed' ELSE 'pending' END)::job_status, last_error = $4,
       run_after = now() + attempts * interval '10 seconds', locked_by = NULL, locked_until = NULL, updated_at = now()
     WHERE id = $1 AND locked_by = $2`,
    [job.id, worker, MAX_ATTEMPTS, error instanceof Error ? error.message : String(error)],
  );
}

/**
 * Runs recompute jobs until none is waiting: scores under a version's weights, computed from
 * the heuristic judge v1's metric scores with lib/judge (exact Python rounding) and stored as
 * that judge version, 10,000 turns per INSERT (read as columns by a binary COPY), two batches written at a time. Any number of
 * servers may run this at once: a job is claimed with a lease (SKIP LOCKED), and one whose
 * runner died is resumed once its lease expires, from its watermark (the end of the batches
 * committed in order). A failed job is retried later, then marked failed.
 */
export async function runRecomputeJobs(options: { onProgress?: (progress: RecomputeProgress) => void; batchSize?: number } = {}): Promise<RecomputeRun> {
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const run: RecomputeRun = { finished: [], failed: [] };
  for (let job = await claimJob(worker); job !== null; job = await claimJob(worker)) {
    try {
      await runJob(job, worker, options.batchSize ?? 10_000, options.onProgress);
      run.finished.push(job.id);
    } catch (error) {
      await recordFailure(job, worker, error);
      run.failed.push({ jobId: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return run;
}
