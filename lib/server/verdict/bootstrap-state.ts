import "server-only";
import { DEFAULT_BOOTSTRAP_SEED, type CrossedBootstrapResult } from "@/lib/stats/crossed-bootstrap";
import type { BootstrapState } from "@/lib/agreement/trust-report";
import { reportScopeKey, type ResolvedScope } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { getDb } from "../db";
import { wakeServerJobWorker } from "../jobs/start-server-job-worker";

export const BOOTSTRAP_JOB_KIND = "agreement-bootstrap";
/** One seed for every run: the same data and settings always give the same intervals. */
export const BOOTSTRAP_SEED = DEFAULT_BOOTSTRAP_SEED;

export type BootstrapJobPayload = { key: string; scope: Scope; replicates: number; seed: number };

/** Where a bootstrap job's result stands: stored, computing, or failed on this data. */
export type JobResultState<R> = { status: "ready"; result: R; computedAt: string } | { status: "computing"; done: number; total: number } | { status: "failed"; error: string };

/** What identifies one bootstrap: the resolved scope with its cut-offs, and the settings. */
export function bootstrapKey(scope: ResolvedScope, replicates: number, seed = BOOTSTRAP_SEED): string {
  return JSON.stringify([reportScopeKey(scope), replicates, seed]);
}

/**
 * The crossed bootstrap of a scope at a data version: the stored result, or the job
 * computing it, or — when neither exists — a new job (one per key, even when several
 * requests ask at once). Never computes on the request path.
 */
export async function getBootstrapState(input: { key: string; dataVersion: string; scope: Scope; replicates: number }): Promise<Exclude<BootstrapState, { status: "too-few" }>> {
  return getJobResultState<CrossedBootstrapResult>({ ...input, kind: BOOTSTRAP_JOB_KIND });
}

/**
 * The same for any bootstrap kept in agreement_bootstraps and computed by a job of `kind`
 * (whose payload is { key, scope, replicates, seed, dataVersion }); keys of different kinds
 * must differ.
 */
export async function getJobResultState<R>(input: { kind: string; key: string; dataVersion: string; scope: Scope; replicates: number }): Promise<JobResultState<R>> {
  const { key, dataVersion, kind } = input;
  const db = getDb();
  const [stored] = await db.$queryRaw<{ result: R; created_at: Date }[]>`
    SELECT result, created_at FROM agreement_bootstraps WHERE scope_key = ${key} AND data_version = ${dataVersion}`;
  if (stored) return { status: "ready", result: stored.result, computedAt: stored.created_at.toISOString() };
  type Found = Exclude<JobResultState<R>, { status: "ready" }> & { isNew?: boolean };
  const state = await db.$transaction(async (tx): Promise<Found> => {
    // Serialises the check-then-insert of one key across requests and server instances.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`bootstrap:${key}`}, 0))`;
    const [job] = await tx.$queryRaw<{ status: string; completed: number; total: number; last_error: string | null; version: string | null }[]>`
      SELECT status::text, completed, total, last_error, payload->>'dataVersion' AS version FROM jobs
      WHERE kind = ${kind} AND payload->>'key' = ${key}
      ORDER BY id DESC LIMIT 1`;
    if (job && (job.status === "pending" || job.status === "running")) {
      return { status: "computing", done: job.completed, total: job.total };
    }
    if (job && job.status === "failed" && job.version === dataVersion) {
      return { status: "failed", error: job.last_error ?? "the computation failed" };
    }
    const payload: BootstrapJobPayload & { dataVersion: string } = { key, scope: input.scope, replicates: input.replicates, seed: BOOTSTRAP_SEED, dataVersion };
    await tx.job.create({ data: { kind, payload, total: input.replicates } });
    return { status: "computing", done: 0, total: input.replicates, isNew: true };
  });
  const { isNew, ...found } = state;
  if (isNew) wakeServerJobWorker();
  return found;
}

/** Stores a finished bootstrap and drops that scope's results for older data. */
export async function storeBootstrap(key: string, dataVersion: string, result: object): Promise<void> {
  const value = JSON.stringify(result);
  await getDb().$transaction([
    getDb().$executeRaw`INSERT INTO agreement_bootstraps (scope_key, data_version, result) VALUES (${key}, ${dataVersion}, ${value}::jsonb)
      ON CONFLICT (scope_key, data_version) DO NOTHING`,
    getDb().$executeRaw`DELETE FROM agreement_bootstraps WHERE scope_key = ${key} AND data_version <> ${dataVersion}`,
  ]);
}
