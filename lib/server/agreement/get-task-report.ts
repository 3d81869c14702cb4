import "server-only";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import type { TaskBootstrapResult } from "@/lib/agreement/task-bootstrap";
import { isTaskType, type TaskCriterion } from "@/lib/agreement/task-data";
import { buildTaskFigures, type TaskFigures } from "@/lib/agreement/task-figures";
import { MIN_TASK_BOOTSTRAP_UNITS, type TaskIntervals, type TaskReport } from "@/lib/agreement/task-report";
import { getDb } from "@/lib/server/db";
import { BOOTSTRAP_SEED, getJobResultState } from "../verdict/bootstrap-state";
import { getVerdictSettings } from "../verdict/get-verdict-settings";
import { findTaskData, findTaskJudgeId } from "./find-task-data";
import { getDataVersion } from "./get-data-version";
import { taskCache } from "./report-cache";
import { resolveAgreementScope } from "./resolve-agreement-scope";

export const TASK_BOOTSTRAP_JOB_KIND = "task-bootstrap";

type CriterionRow = { criterion: string; type: string; labels: string[] | null; positive: string | null; min: number | null; max: number | null; updated_at: Date };

async function findCriterionType(name: string): Promise<{ criterion: TaskCriterion; version: string } | null> {
  const rows = await getDb().$queryRawUnsafe<CriterionRow[]>(
    `SELECT criterion, type, labels, positive, min, max, updated_at FROM criterion_types WHERE criterion = $1`,
    name,
  );
  const row = rows[0];
  if (!row || !isTaskType(row.type)) return null;
  const criterion: TaskCriterion = { name: row.criterion, type: row.type, labels: row.labels ?? [], positive: row.positive, min: row.min, max: row.max };
  // The data version does not see criterion_types; its row's time keys the cache instead.
  return { criterion, version: row.updated_at.toISOString() };
}

/** The request's judge, or else the judge that answered the most rated turns of the criterion. */
async function withTaskJudge(scope: ResolvedScope, input: Scope, criterion: TaskCriterion): Promise<ResolvedScope> {
  if (input.judge) return scope;
  const id = await findTaskJudgeId(scope, criterion.type);
  if (id === null || id === scope.judge?.id) return scope;
  const judge = await getDb().judge.findUnique({ where: { id }, select: { id: true, name: true, version: true, kind: true } });
  return judge ? { ...scope, judge } : scope;
}

/** The bootstrap's key: the criterion's type version, the judge, the scope and the bootstrap settings. */
function taskBootstrapKey(criterionVersion: string, scope: ResolvedScope, input: Scope, replicates: number): string {
  return JSON.stringify(["task", criterionVersion, scope.judge?.id ?? null, scopeKey(input), replicates, BOOTSTRAP_SEED]);
}

/**
 * A scope's typed criterion with its data (null when the criterion is unset, ordinal or
 * has no declared type), the data version read before the data, and the key of the
 * criterion's bootstrap.
 */
export async function findTaskInput(input: Scope, dataVersion: string, replicates: number) {
  const found = input.criterion ? await findCriterionType(input.criterion) : null;
  const resolved = await resolveAgreementScope(input, dataVersion, { withDefaultJudge: false });
  if (!found) return { scope: resolved, task: null };
  const scope = await withTaskJudge(resolved, input, found.criterion);
  const data = await findTaskData(scope, found.criterion.type);
  return { scope, task: { criterion: found.criterion, data, bootstrapKey: taskBootstrapKey(found.version, scope, input, replicates) } };
}

/**
 * The figures of a binary, categorical, multi-label or numeric criterion for a scope
 * (lib/agreement/task-figures.ts), behind `GET /api/v1/agreement/task` and /agreement, with
 * the crossed-bootstrap intervals of the judge figures read back from their background job
 * (run-task-bootstrap-job.ts). Null figures when the scope's criterion is unset, ordinal or
 * has no declared type. The figures are cached per data version, criterion type and scope.
 */
export async function getTaskReport(input: Scope): Promise<TaskReport> {
  const [dataVersion, { replicates }] = await Promise.all([getDataVersion(), getVerdictSettings()]);
  const criterionVersion = input.criterion ? ((await findCriterionType(input.criterion))?.version ?? "untyped") : "none";
  const cacheKey = `${dataVersion}|${criterionVersion}|${replicates}|${scopeKey(input)}`;
  let entry = taskCache.get(cacheKey);
  if (!entry) {
    const { scope, task } = await findTaskInput(input, dataVersion, replicates);
    entry = { scope, criterion: task?.criterion ?? null, figures: task ? buildTaskFigures(task.criterion, task.data) : null, bootstrapKey: task?.bootstrapKey ?? "" };
    taskCache.set(cacheKey, entry);
  }
  const { bootstrapKey, ...report } = entry;
  return { ...report, intervals: await intervalsOf(report.figures, bootstrapKey, dataVersion, input, replicates) };
}

async function intervalsOf(figures: TaskFigures | null, key: string, dataVersion: string, input: Scope, replicates: number): Promise<TaskIntervals | null> {
  if (figures === null) return null;
  if (figures.n < MIN_TASK_BOOTSTRAP_UNITS) return { status: "too-few", reason: `Intervals need at least ${MIN_TASK_BOOTSTRAP_UNITS} rated turns; there are ${figures.n}.` };
  return getJobResultState<TaskBootstrapResult>({ kind: TASK_BOOTSTRAP_JOB_KIND, key, dataVersion, scope: input, replicates });
}
