import "server-only";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import { isTaskType, type TaskCriterion } from "@/lib/agreement/task-data";
import { buildTaskFigures } from "@/lib/agreement/task-figures";
import type { TaskReport } from "@/lib/agreement/task-report";
import { getDb } from "@/lib/server/db";
import { findTaskData, findTaskJudgeId } from "./find-task-data";
import { getDataVersion } from "./get-data-version";
import { taskCache } from "./report-cache";
import { resolveAgreementScope } from "./resolve-agreement-scope";

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

/**
 * The figures of a binary, categorical, multi-label or numeric criterion for a scope
 * (lib/agreement/task-figures.ts), behind `GET /api/v1/agreement/task` and /agreement.
 * Null figures when the scope's criterion is unset, ordinal or has no declared type.
 * Cached per data version, criterion type and scope.
 */
export async function getTaskReport(input: Scope): Promise<TaskReport> {
  const dataVersion = await getDataVersion();
  const found = input.criterion ? await findCriterionType(input.criterion) : null;
  if (!found) return { scope: await resolveAgreementScope(input, dataVersion, { withDefaultJudge: false }), criterion: null, figures: null };
  const key = `${dataVersion}|${found.version}|${scopeKey(input)}`;
  const cached = taskCache.get(key);
  if (cached) return cached;
  const scope = await withTaskJudge(await resolveAgreementScope(input, dataVersion, { withDefaultJudge: false }), input, found.criterion);
  const data = await findTaskData(scope, found.criterion.type);
  const report: TaskReport = { scope, criterion: found.criterion, figures: buildTaskFigures(found.criterion, data) };
  taskCache.set(key, report);
  return report;
}
