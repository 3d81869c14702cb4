import "server-only";
import type { Scope } from "@/lib/agreement/scope.schema";
import { taskBootstrapSteps } from "@/lib/agreement/task-bootstrap";
import type { JobHandler } from "../jobs/job-types";
import { runJobSteps } from "../jobs/run-job-steps";
import { setJobCompleted } from "../jobs/set-job-completed";
import { storeBootstrap } from "../verdict/bootstrap-state";
import { findTaskInput } from "./get-task-report";
import { getDataVersion } from "./get-data-version";

/**
 * The crossed bootstrap of a typed criterion's judge figures (lib/agreement/task-bootstrap.ts),
 * in the background, a slice of replicates at a time with the event loop given back between
 * slices; stored under the data version read before the data. A stopping worker hands the
 * job back; the next one starts it over.
 */
export const runTaskBootstrapJob: JobHandler = async (job, context) => {
  const payload = job.payload as { scope: Scope; replicates: number; seed: number };
  const dataVersion = await getDataVersion();
  const { task } = await findTaskInput(payload.scope, dataVersion, payload.replicates);
  if (!task) {
    await setJobCompleted(job.id, payload.replicates);
    return "done";
  }
  const steps = taskBootstrapSteps(task.criterion, task.data, { replicates: payload.replicates, seed: payload.seed });
  return runJobSteps(job, context, steps, payload.replicates, (result) => storeBootstrap(task.bootstrapKey, dataVersion, result));
};
