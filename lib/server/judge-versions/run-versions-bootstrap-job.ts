import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Scope } from "@/lib/agreement/scope.schema";
import { crossedKappasSteps } from "@/lib/stats/crossed-versions";
import { getDataVersion } from "../agreement/get-data-version";
import { resolveAgreementScope } from "../agreement/resolve-agreement-scope";
import type { JobHandler } from "../jobs/job-types";
import { setJobCompleted } from "../jobs/set-job-completed";
import { storeBootstrap } from "../verdict/bootstrap-state";
import { findCachedVersionData, versionsBootstrapKey } from "./get-judge-versions";

const PROGRESS_EVERY_MS = 500;

/**
 * The crossed bootstrap of one judge name's versions on its frozen set, in the background,
 * a slice of replicates at a time with the event loop given back between slices; stored
 * under the data version read before the data. A stopping worker hands the job back.
 */
export const runVersionsBootstrapJob: JobHandler = async (job, context) => {
  const payload = job.payload as { scope: Scope & { judge: string }; replicates: number; seed: number };
  const dataVersion = await getDataVersion();
  const scope = await resolveAgreementScope(payload.scope, dataVersion, { withDefaultJudge: false });
  const data = await findCachedVersionData(scope, payload.scope.judge, dataVersion);
  if (data.input === null) {
    await setJobCompleted(job.id, payload.replicates);
    return "done";
  }
  const steps = crossedKappasSteps(data.input, data.levels, { replicates: payload.replicates, seed: payload.seed });
  let lastWrite = Date.now();
  for (;;) {
    if (context.signal.aborted || context.isStopping()) return "interrupted";
    const next = steps.next();
    if (next.done) {
      await storeBootstrap(versionsBootstrapKey(scope, payload.scope.judge, payload.replicates), dataVersion, next.value);
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
