import "server-only";
import { JOB_KIND } from "@/lib/llm-judge/run.schema";
import { TASK_BOOTSTRAP_JOB_KIND } from "../agreement/get-task-report";
import { runTaskBootstrapJob } from "../agreement/run-task-bootstrap-job";
import { DERIVED_JUDGE_JOB_KIND, runDerivedJudgeJob } from "../derived-judges/derived-judge-job";
import { createJudgeJobHandler } from "../llm-judge/run-judge-job";
import { BOOTSTRAP_JOB_KIND } from "../verdict/bootstrap-state";
import { runBootstrapJob } from "../verdict/run-bootstrap-job";
import { PULL_JOB_KIND, runPullJob } from "../pull/pull-job";
import { ESCALATION_REFRESH_JOB_KIND, runEscalationRefreshJob } from "../queue/escalation-refresh-job";
import { runWeightFitJob, WEIGHT_FIT_JOB_KIND } from "../thresholds/weight-fit-job";
import { VERSIONS_JOB_KIND } from "../judge-versions/get-judge-versions";
import { runVersionsBootstrapJob } from "../judge-versions/run-versions-bootstrap-job";
import type { JobHandler } from "./job-types";
import { runSessionSearchJob } from "./session-search-job";
import { SESSION_SEARCH_JOB_KIND } from "./session-search-kind";

/** Every job kind the server's worker runs, and its handler. */
export function defaultJobHandlers(): Record<string, JobHandler> {
  const judge = createJudgeJobHandler();
  return {
    [JOB_KIND.direct]: judge,
    [JOB_KIND.pairwise]: judge,
    [BOOTSTRAP_JOB_KIND]: runBootstrapJob,
    [TASK_BOOTSTRAP_JOB_KIND]: runTaskBootstrapJob,
    [WEIGHT_FIT_JOB_KIND]: runWeightFitJob,
    [PULL_JOB_KIND]: runPullJob,
    [DERIVED_JUDGE_JOB_KIND]: runDerivedJudgeJob,
    [VERSIONS_JOB_KIND]: runVersionsBootstrapJob,
    [SESSION_SEARCH_JOB_KIND]: runSessionSearchJob,
    [ESCALATION_REFRESH_JOB_KIND]: runEscalationRefreshJob,
  };
}
