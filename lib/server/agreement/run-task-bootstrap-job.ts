import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Scope } from "@/lib/agreement/scope.schema";
import { taskBootstrapSteps } from "@/lib/agreement/task-bootstrap";
import type { JobHandler } from "../jobs/job-types";
import { setJobCompleted } from "../jobs/set-job-completed";
import { storeBootstrap } from "../verdict/bootstrap-state";
import { findTaskInput } from "./get-task-report";
import { getDataVersion } from "./get-data-version";

const PROGRESS_EVERY_MS = 500;

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
  let lastWrite = Date.now();
  for (;;) {
    if (context.signal.aborted || context.isStopping()) return "interrupted";
    const next = steps.next();
    if (next.done) {
      await storeBootstrap(task.bootstrapKey, dataVersion, next.value);
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
