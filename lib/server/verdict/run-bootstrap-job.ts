import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import { bootstrapInput } from "@/lib/agreement/bootstrap-input";
import { crossedBootstrapSteps } from "@/lib/stats/crossed-bootstrap";
import { computeAgreement } from "../agreement/compute-agreement";
import type { JobHandler } from "../jobs/job-types";
import { setJobCompleted } from "../jobs/set-job-completed";
import { bootstrapKey, storeBootstrap, type BootstrapJobPayload } from "./bootstrap-state";

/** Progress reaches the database at most this often. */
const PROGRESS_EVERY_MS = 500;

/**
 * The crossed bootstrap of one scope, in the background: the report's pairs (from the
 * report cache when warm), then the replicates a slice at a time, giving the event loop back
 * between slices so the server keeps answering; stored under the data version the pairs
 * came from. A stopping worker hands the job back; the next one starts it over.
 */
export const runBootstrapJob: JobHandler = async (job, context) => {
  const payload = job.payload as BootstrapJobPayload;
  const { pairs, report } = await computeAgreement(payload.scope);
  const steps = crossedBootstrapSteps(bootstrapInput(pairs), { replicates: payload.replicates, seed: payload.seed });
  let lastWrite = Date.now();
  for (;;) {
    if (context.signal.aborted || context.isStopping()) return "interrupted";
    const next = steps.next();
    if (next.done) {
      await storeBootstrap(bootstrapKey(report.scope, payload.replicates, payload.seed), report.dataVersion, next.value);
      await setJobCompleted(job.id, payload.replicates);
      return "done";
    }
    if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
      lastWrite = Date.now();
      await setJobCompleted(job.id, next.value.done);
    }
    await nextTurn();
  }
};
