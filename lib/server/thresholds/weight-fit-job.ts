import "server-only";
import { DEFAULT_WEIGHT_FIT_SEED, weightFitSteps } from "@/lib/calibration/fit-weights";
import { getDb } from "../db";
import { getDataVersion } from "../agreement/get-data-version";
import type { JobHandler } from "../jobs/job-types";
import { setJobCompleted } from "../jobs/set-job-completed";
import { wakeServerJobWorker } from "../jobs/start-server-job-worker";
import { storeBootstrap } from "../verdict/bootstrap-state";
import { computeWeightFit, type WeightFitReport } from "./compute-weight-fit";
import { ensureSeedThresholds } from "./get-active-thresholds";

export const WEIGHT_FIT_JOB_KIND = "thresholds-weight-fit";
/** Results are kept beside the agreement bootstraps (one row per key and data version). */
const RESULT_KEY = JSON.stringify(["thresholds-weight-fit", DEFAULT_WEIGHT_FIT_SEED]);
const PROGRESS_EVERY_MS = 500;

export type WeightFitState =
  | { status: "idle" }
  | { status: "computing"; done: number; total: number }
  | { status: "failed"; error: string }
  | { status: "ready"; report: WeightFitReport; computedAt: string };

type Payload = { key: string; dataVersion: string; seed: number };

/**
 * Where the weight fit stands at the current data (ratings, scores and the active version
 * are all in the data version): the stored report, the job computing it, its failure, or
 * nothing yet. With `start`, a fit that is neither stored nor running is queued (one job,
 * even when several admins ask at once); the fit never runs on the request path.
 */
export async function getWeightFitState(options: { start?: boolean; createdById?: number } = {}): Promise<WeightFitState> {
  const db = getDb();
  // A database with no version yet gets the seed's first: that write changes the data version.
  await ensureSeedThresholds();
  const dataVersion = await getDataVersion();
  const [stored] = await db.$queryRaw<{ result: WeightFitReport; created_at: Date }[]>`
    SELECT result, created_at FROM agreement_bootstraps WHERE scope_key = ${RESULT_KEY} AND data_version = ${dataVersion}`;
  if (stored) return { status: "ready", report: stored.result, computedAt: stored.created_at.toISOString() };
  const state = await db.$transaction(async (tx): Promise<WeightFitState & { isNew?: boolean }> => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`weight-fit:${RESULT_KEY}`}, 0))`;
    const [job] = await tx.$queryRaw<{ status: string; completed: number; total: number; last_error: string | null; version: string | null }[]>`
      SELECT status::text, completed, total, last_error, payload->>'dataVersion' AS version FROM jobs
      WHERE kind = ${WEIGHT_FIT_JOB_KIND} ORDER BY id DESC LIMIT 1`;
    if (job && (job.status === "pending" || job.status === "running")) return { status: "computing", done: job.completed, total: job.total };
    if (!options.start) {
      if (job && job.status === "failed" && job.version === dataVersion) return { status: "failed", error: job.last_error ?? "the fit failed" };
      return { status: "idle" };
    }
    const payload: Payload = { key: RESULT_KEY, dataVersion, seed: DEFAULT_WEIGHT_FIT_SEED };
    const total = weightFitSteps();
    await tx.job.create({ data: { kind: WEIGHT_FIT_JOB_KIND, payload, total, createdById: options.createdById ?? null } });
    return { status: "computing", done: 0, total, isNew: true };
  });
  const { isNew, ...found } = state;
  if (isNew) wakeServerJobWorker();
  return found;
}

/** The fit in the background, its progress written at most twice a second, its report stored under the data version it read. */
export const runWeightFitJob: JobHandler = async (job, context) => {
  const payload = job.payload as Payload;
  await ensureSeedThresholds();
  const dataVersion = await getDataVersion();
  let lastWrite = Date.now();
  let total = job.total;
  const report = await computeWeightFit({
    seed: payload.seed,
    signal: context.signal,
    onProgress: async (done, steps) => {
      total = steps;
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      await getDb().$executeRaw`UPDATE jobs SET completed = ${done}, total = ${steps}, updated_at = now() WHERE id = ${job.id}`;
    },
  });
  await storeBootstrap(payload.key, dataVersion, report);
  await setJobCompleted(job.id, total);
  return "done";
};
