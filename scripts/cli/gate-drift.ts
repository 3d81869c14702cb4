// `concord gate --metric drift --judge NAME [scope flags]`: does the newest version of a
// judge agree with people less than the version before it? Reads the database at
// DATABASE_URL, measures every version on the frozen set of rated items they all scored (the
// report's "Judge versions" table, same crossed bootstrap and seed as its background job)
// and fails when the newest version's κ_q is below the previous version's interval.
import { parseArgs } from "node:util";
import { parseScope } from "@/lib/agreement/scope.schema";
import { MIN_FROZEN_ITEMS, type JudgeVersionsTable } from "@/lib/judge-versions/drift";
import { crossedKappas } from "@/lib/stats/crossed-versions";
import { getDataVersion } from "@/lib/server/agreement/get-data-version";
import { resolveAgreementScope } from "@/lib/server/agreement/resolve-agreement-scope";
import { DomainError } from "@/lib/server/errors";
import { buildVersionsTable } from "@/lib/server/judge-versions/get-judge-versions";
import { findVersionData } from "@/lib/server/judge-versions/find-version-data";
import { BOOTSTRAP_SEED } from "@/lib/server/verdict/bootstrap-state";
import { getVerdictSettings } from "@/lib/server/verdict/get-verdict-settings";


export class DriftInputError extends Error {}

type Outcome = { verdict: "pass" | "fail" | "inconclusive"; reason: string; sentence: string; output: Record<string, unknown> };

/** The drift verdict of the judge named in args; throws DriftInputError on bad input. */
export async function driftGate(args: string[]): Promise<Outcome> {
  let values;
  try {
    values = parseArgs({
      args,
      strict: true,
      options: {
        judge: { type: "string" },
        persona: { type: "string" },
        criterion: { type: "string" },
        from: { type: "string" },
        to: { type: "string" },
        import: { type: "string" },
        thresholds: { type: "string" },
      },
    }).values;
  } catch (error) {
    throw new DriftInputError((error as Error).message);
  }
  if (!values.judge) throw new DriftInputError("drift needs --judge NAME (the judge whose versions to compare)");
  const parsed = parseScope({ ...values });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DriftInputError(`--${String(issue.path[0])}: ${issue.message}, got "${String(values[issue.path[0] as keyof typeof values])}"`);
  }
  if (!process.env.DATABASE_URL) throw new DriftInputError("drift reads the database: DATABASE_URL is not set");
  const name = values.judge;
  let table: JudgeVersionsTable;
  try {
    const [dataVersion, { replicates }] = await Promise.all([getDataVersion(), getVerdictSettings()]);
    const scope = await resolveAgreementScope(parsed.data, dataVersion, { withDefaultJudge: false });
    const data = await findVersionData(scope, name);
    const result = data.input && data.frozen.nItems >= MIN_FROZEN_ITEMS ? crossedKappas(data.input, data.levels, { replicates, seed: BOOTSTRAP_SEED }) : null;
    table = buildVersionsTable(data, result ? { status: "ready", result, computedAt: new Date().toISOString() } : null);
  } catch (error) {
    if (error instanceof DomainError) throw new DriftInputError(error.message);
    throw error;
  }
  return verdictOf(name, table);
}

function verdictOf(name: string, table: JudgeVersionsTable): Outcome {
  const rows = table.versions;
  const newest = rows.at(-1) ?? null;
  const previous = newest?.against ? (rows.find((r) => r.version === newest.against) ?? null) : null;
  const describe = (row: (typeof rows)[number] | null) =>
    row && { version: row.version, created_at: row.createdAt, kappa: row.kappa, ci_low: row.ci?.[0] ?? null, ci_high: row.ci?.[1] ?? null };
  const output = {
    metric: "drift",
    judge: name,
    newest: describe(newest),
    previous: describe(previous),
    frozen_items: table.frozen.nItems,
    frozen_sessions: table.frozen.nSessions,
    versions: rows.map((r) => ({ ...describe(r), n_scored: r.nScored, status: r.status, against: r.against })),
    not_run: table.notRun.map((v) => v.version),
  };
  const k = (value: number | null) => (value === null ? "undefined" : value.toFixed(3));
  const interval = (row: NonNullable<typeof previous>) => `[${k(row.ci![0])}, ${k(row.ci![1])}]`;
  if (rows.length < 2) {
    return { verdict: "inconclusive", reason: "too-few", sentence: `${name} has ${rows.length} version${rows.length === 1 ? "" : "s"} with scores on rated items; drift needs two`, output };
  }
  if (table.intervals.status === "too-few") return { verdict: "inconclusive", reason: "too-few", sentence: table.intervals.reason, output };
  if (newest!.status === "regression") {
    return { verdict: "fail", reason: "regression", sentence: `${name} ${newest!.version}: κ_q ${k(newest!.kappa)} is below ${previous!.version}'s interval ${interval(previous!)} on ${table.frozen.nItems} rated items`, output };
  }
  if (newest!.status === "steady" || newest!.status === "improvement") {
    const where = newest!.status === "steady" ? "within" : "above";
    return { verdict: "pass", reason: newest!.status, sentence: `${name} ${newest!.version}: κ_q ${k(newest!.kappa)} is ${where} ${previous!.version}'s interval ${interval(previous!)} on ${table.frozen.nItems} rated items`, output };
  }
  return { verdict: "inconclusive", reason: "undefined", sentence: `${name} ${newest!.version}: κ_q ${k(newest!.kappa)} cannot be compared with an earlier version's interval`, output };
}
