import "server-only";
import { bootstrapInput } from "@/lib/agreement/bootstrap-input";
import { crossedBootstrapSteps } from "@/lib/stats/crossed-bootstrap";
import { computeAgreement } from "../agreement/compute-agreement";
import type { JobHandler } from "../jobs/job-types";
import { runJobSteps } from "../jobs/run-job-steps";
import { bootstrapKey, storeBootstrap, type BootstrapJobPayload } from "./bootstrap-state";

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
  return runJobSteps(job, context, steps, payload.replicates, (result) => storeBootstrap(bootstrapKey(report.scope, payload.replicates, payload.seed), report.dataVersion, result));
};
