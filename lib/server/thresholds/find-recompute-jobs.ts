import "server-only";
import { getDb } from "../db";
import { RECOMPUTE_JOB_KIND } from "./ensure-recompute-job";

export type RecomputeJobStatus = {
  id: number;
  judgeVersion: string;
  status: "pending" | "running" | "done" | "failed" | "cancelled";
  completed: number;
  total: number;
  lastError: string | null;
  /** A running job whose lease ran out (its server stopped): the next kick resumes it. */
  isStalled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** The latest recompute jobs, newest first: what the thresholds page shows as progress. */
export async function findRecomputeJobs({ limit = 5, ids }: { limit?: number; ids?: number[] } = {}): Promise<RecomputeJobStatus[]> {
  const jobs = await getDb().job.findMany({
    where: { kind: RECOMPUTE_JOB_KIND, ...(ids ? { id: { in: ids } } : {}) },
    orderBy: { id: "desc" },
    take: limit,
  });
  const now = Date.now();
  return jobs.map((job) => ({
    id: job.id,
    judgeVersion: String((job.payload as { judgeVersion?: unknown }).judgeVersion ?? "?"),
    status: job.status,
    completed: job.completed,
    total: Math.max(job.total, job.completed),
    lastError: job.lastError,
    isStalled: job.status === "running" && job.lockedUntil !== null && job.lockedUntil.getTime() < now,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  }));
}
