import "server-only";
import type { Prisma } from "@/prisma/generated/client";
import type { PullRequest } from "@/lib/ingest/sources/pull-request.schema";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { createJob } from "../jobs/create-job";
import type { JobHandler } from "../jobs/job-types";
import { decryptPullCredentials, encryptPullCredentials } from "./pull-credentials";
import { labelStudioSpec, langfuseSpec, type PullSpec } from "./pull-sources";
import { runPull } from "./run-pull";

export const PULL_JOB_KIND = "source-pull";

type PullJobPayload = {
  source: "langfuse" | "label-studio";
  url: string;
  publicKey: string | null;
  since: string | null;
  project: string | null;
  judgeName: string | null;
  /** Encrypted; removed when the job ends. */
  credentials: string | null;
};

/** A pull from the import page, as a job (the worker runs it; the page polls its state). */
export async function startPullJob(request: PullRequest, userId: number | null): Promise<number> {
  const secret: Record<string, string> = request.source === "langfuse" ? { secretKey: request.secretKey } : { token: request.token };
  const payload: PullJobPayload = {
    source: request.source,
    url: request.url,
    publicKey: request.source === "langfuse" ? request.publicKey : null,
    since: request.source === "langfuse" ? request.since : null,
    project: request.source === "label-studio" ? request.project : null,
    judgeName: request.judgeName || null,
    credentials: encryptPullCredentials(secret),
  };
  return createJob({ kind: PULL_JOB_KIND, payload, total: 0, createdById: userId });
}

function specOf(payload: PullJobPayload): PullSpec {
  if (payload.credentials === null) throw new DomainError("invalid", "the pull's credentials were removed when it ended; start the pull again");
  const secret = decryptPullCredentials(payload.credentials);
  if (payload.source === "langfuse") return langfuseSpec({ url: payload.url, publicKey: payload.publicKey ?? "", secretKey: secret.secretKey ?? "", since: payload.since });
  return labelStudioSpec({ url: payload.url, token: secret.token ?? "", project: payload.project ?? "" });
}

/** Runs the pull; pages go to the job's completed/total for the page's progress bar. */
export const runPullJob: JobHandler = async (job) => {
  const db = getDb();
  const payload = job.payload as PullJobPayload;
  const owner = await db.job.findUnique({ where: { id: job.id }, select: { createdById: true } });
  try {
    await runPull(specOf(payload), {
      actor: { source: "web", userId: owner?.createdById ?? null },
      judgeName: payload.judgeName ?? undefined,
      onProgress: (progress) => {
        if (progress.kind !== "page") return;
        void db.job.update({ where: { id: job.id }, data: { completed: progress.page, total: progress.totalPages ?? progress.page } }).catch(() => {});
      },
    });
  } finally {
    await db.job.update({ where: { id: job.id }, data: { payload: { ...payload, credentials: null } as Prisma.InputJsonValue } });
  }
  return "done";
};

export type PullJobState = {
  id: number;
  status: string;
  error: string | null;
  pages: number;
  totalPages: number;
  records: number;
  sessionIds: number[];
  /** The sessions' own ids, for links (the database key stays out of URLs). */
  sessionKeys: string[];
};

/** The state of a pull job for the page: the job's status, and its pull's pages and import. */
export async function findPullJob(jobId: number): Promise<PullJobState | null> {
  const db = getDb();
  const job = await db.job.findFirst({ where: { id: jobId, kind: PULL_JOB_KIND } });
  if (!job) return null;
  const payload = job.payload as PullJobPayload;
  const spec = payload.source === "langfuse" ? langfuseSpec({ url: payload.url, publicKey: payload.publicKey ?? "", secretKey: "", since: payload.since }) : labelStudioSpec({ url: payload.url, token: "", project: payload.project ?? "" });
  const pull = await db.sourcePull.findFirst({ where: { pullKey: spec.pullKey, updatedAt: { gte: job.createdAt } }, orderBy: { id: "desc" } });
  const sessions = pull?.importId ? await db.evalSession.findMany({ where: { importId: pull.importId }, select: { id: true, externalId: true }, orderBy: { id: "asc" }, take: 10 }) : [];
  return {
    id: job.id,
    status: job.status,
    error: job.lastError,
    pages: pull?.pageCount ?? job.completed,
    totalPages: job.total,
    records: pull?.recordCount ?? 0,
    sessionIds: sessions.map((s) => s.id),
    sessionKeys: sessions.map((s) => s.externalId),
  };
}
