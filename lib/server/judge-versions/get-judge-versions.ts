import "server-only";
import { reportScopeKey, type ResolvedScope } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { MIN_FROZEN_ITEMS, withDriftMarks, type JudgeVersionsReport, type JudgeVersionsTable, type VersionIntervals } from "@/lib/judge-versions/drift";
import type { CrossedKappasResult } from "@/lib/stats/crossed-versions";
import { getDb } from "../db";
import { getDataVersion } from "../agreement/get-data-version";
import { versionsCache } from "../agreement/report-cache";
import { resolveAgreementScope } from "../agreement/resolve-agreement-scope";
import { BOOTSTRAP_SEED, getJobResultState, type JobResultState } from "../verdict/bootstrap-state";
import { getVerdictSettings } from "../verdict/get-verdict-settings";
import { findVersionData, type VersionData } from "./find-version-data";

export const VERSIONS_JOB_KIND = "judge-versions-bootstrap";

/** The scope every version of `name` is measured on: the request's, without a judge version. */
export function versionsScope(input: Scope, name: string): Scope {
  const { judgeVersion: _version, by: _by, ...rest } = input;
  return { ...rest, judge: name };
}

/** What keys one name's bootstrap: the name, the scope (cut-offs included) and the settings. */
export function versionsBootstrapKey(scope: ResolvedScope, name: string, replicates: number): string {
  return JSON.stringify(["versions", name, reportScopeKey({ ...scope, judge: null }), replicates, BOOTSTRAP_SEED]);
}

/** A name's data on the frozen set, cached per data version and scope. */
export async function findCachedVersionData(scope: ResolvedScope, name: string, dataVersion: string): Promise<VersionData> {
  const key = `${dataVersion}|${name}|${reportScopeKey({ ...scope, judge: null })}`;
  const cached = versionsCache.get(key) as VersionData | undefined;
  if (cached) return cached;
  const data = await findVersionData(scope, name);
  versionsCache.set(key, data);
  return data;
}

/** Judge names with two or more versions that scored a rated turn. */
async function findDriftNames(): Promise<string[]> {
  const rows = await getDb().$queryRaw<{ name: string }[]>`
    SELECT j.name FROM judges j WHERE EXISTS (SELECT 1 FROM rated_unit_scores s WHERE s.judge_id = j.id)
    GROUP BY j.name HAVING count(*) >= 2 ORDER BY j.name`;
  return rows.map((r) => r.name);
}

/**
 * The "Judge versions" tables of a scope (`GET /api/v1/agreement/versions`, the report's
 * section, `concord gate --metric drift`): with a judge named, its versions; without, every
 * judge name with two or more versions. Each version's κ_q is read on the frozen set; the
 * intervals come from a background job (one per name, scope and data version) whose crossed
 * bootstrap scores every version on the same draws; regressions are marked once they are in.
 */
export async function getJudgeVersions(input: Scope): Promise<JudgeVersionsReport> {
  const [dataVersion, { replicates }] = await Promise.all([getDataVersion(), getVerdictSettings()]);
  const scope = await resolveAgreementScope(input, dataVersion, { withDefaultJudge: false });
  const names = input.judge ? [input.judge] : await findDriftNames();
  const judges: JudgeVersionsTable[] = [];
  for (const name of names) {
    const data = await findCachedVersionData(scope, name, dataVersion);
    const intervals =
      data.frozen.nItems < MIN_FROZEN_ITEMS
        ? null
        : await getJobResultState<CrossedKappasResult>({
            kind: VERSIONS_JOB_KIND,
            key: versionsBootstrapKey(scope, name, replicates),
            dataVersion,
            scope: versionsScope(input, name),
            replicates,
          });
    judges.push(buildVersionsTable(data, intervals));
  }
  return { thresholds: { version: scope.thresholds.version }, judges };
}

/** The table of one name from its data and its bootstrap's state (null: too few frozen items). */
export function buildVersionsTable(data: VersionData, state: JobResultState<CrossedKappasResult> | null): JudgeVersionsTable {
  const listed = data.versions.filter((v) => v.nScored > 0);
  const result = state?.status === "ready" ? state.result : null;
  const rows = listed.map((v, i) => ({
    id: v.id,
    version: v.version,
    kind: v.kind,
    createdAt: v.created_at.toISOString(),
    nScored: v.nScored,
    kappa: result ? result.kappas[i].estimate : data.kappas[i],
    ci: result ? result.kappas[i].ci : null,
  }));
  // Too few frozen items: no interval will come, so the rows are marked now (first, then not compared).
  const versions = withDriftMarks(rows, result !== null || state === null);
  const intervals: VersionIntervals =
    state === null
      ? { status: "too-few", reason: `Intervals need at least ${MIN_FROZEN_ITEMS} rated items scored by every version; there are ${data.frozen.nItems}.` }
      : state.status === "ready"
        ? { status: "ready", computedAt: state.computedAt }
        : state;
  return {
    name: data.name,
    frozen: data.frozen,
    versions,
    notRun: data.versions.filter((v) => v.nScored === 0).map((v) => ({ id: v.id, version: v.version, createdAt: v.created_at.toISOString() })),
    intervals,
    newestIsRegression: versions.length > 0 && versions[versions.length - 1].status === "regression",
  };
}
