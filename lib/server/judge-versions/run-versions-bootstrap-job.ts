import "server-only";
import type { Scope } from "@/lib/agreement/scope.schema";
import { crossedKappasSteps } from "@/lib/stats/crossed-versions";
import { getDataVersion } from "../agreement/get-data-version";
import { resolveAgreementScope } from "../agreement/resolve-agreement-scope";
import type { JobHandler } from "../jobs/job-types";
import { runJobSteps } from "../jobs/run-job-steps";
import { setJobCompleted } from "../jobs/set-job-completed";
import { storeBootstrap } from "../verdict/bootstrap-state";
import { findCachedVersionData, versionsBootstrapKey } from "./get-judge-versions";

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
  return runJobSteps(job, context, steps, payload.replicates, (result) => storeBootstrap(versionsBootstrapKey(scope, payload.scope.judge, payload.replicates), dataVersion, result));
};
