// `concord thresholds …`: the quality cut-offs and persona weights from the shell — the same
// services as /settings/thresholds (one schema, one save with its conflict check).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { findUserByEmail } from "@/lib/server/auth/manage-users";
import { DomainError } from "@/lib/server/errors";
import { findThresholdVersion } from "@/lib/server/thresholds/find-threshold-version";
import { getScoringJudge } from "@/lib/server/thresholds/get-scoring-judge";
import { listThresholdVersions } from "@/lib/server/thresholds/list-threshold-versions";
import { proposeCalibration } from "@/lib/server/thresholds/propose-calibration";
import { restoreThresholdVersion } from "@/lib/server/thresholds/restore-threshold-version";
import { runRecomputeJobs } from "@/lib/server/thresholds/run-recompute-jobs";
import { saveThresholdVersion, type SavedThresholdVersion } from "@/lib/server/thresholds/save-threshold-version";
import { closeScorePool } from "@/lib/server/thresholds/score-pool";
import type { ThresholdVersionRecord } from "@/lib/server/thresholds/threshold-version-record";
import { formatDateTime } from "@/lib/format";
import { orderedPersonas, personaLabel, WEIGHT_METRICS } from "@/lib/thresholds/weights";

const USAGE = `usage: concord thresholds <action> [options]

  show                        the active cut-offs and weights, and the judge version scoring under them
  history                     every version, newest first, with what each one changed
  set --note TEXT --author EMAIL [--fair F] [--good G] [--excellent E] [--weights-json FILE]
                              saves a new version from the active one (omitted cut-offs keep their
                              value; FILE holds the whole weights table, "default" included), then
                              recomputes the scores when the weights are new
  restore --version N --author EMAIL [--note TEXT]
                              saves version N's values as a new version
  calibrate [--apply --author EMAIL]
                              proposes the cut-offs that maximise quadratic κ with the human
                              ratings; --apply saves them as a new version
  recompute                   runs waiting score recomputes now (e.g. after an interruption)

  --json                      JSON on stdout instead of text
`;

class UsageError extends Error {}

type Options = Record<string, string | boolean | undefined>;

function numberOption(options: Options, name: string, fallback: number): number {
  const value = options[name];
  if (value === undefined) return fallback;
  const number = Number(String(value).trim());
  return String(value).trim() === "" ? Number.NaN : number;
}

function readWeights(file: string | undefined, fallback: ThresholdVersionRecord["weights"]): unknown {
  if (file === undefined) return fallback;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UsageError(`--weights-json: cannot read ${file} as JSON (${(error as Error).message})`);
  }
}

async function authorId(options: Options): Promise<number> {
  const email = options.author;
  if (typeof email !== "string" || email.trim() === "") throw new UsageError("--author EMAIL is required: the admin the new version is saved by");
  const user = await findUserByEmail(email);
  if (!user || !user.isActive) throw new UsageError(`--author: no active user with the email ${email}`);
  if (user.role !== "admin") throw new UsageError(`--author: ${user.email} is a ${user.role}; only admins change thresholds`);
  return user.id;
}

/** Option names for the schema's field paths: "cutoffs.good" → "--good", weights → "--weights-json (…)". */
function optionMessages(fieldErrors: Record<string, string>): string {
  return Object.entries(fieldErrors)
    .map(([field, message]) => {
      if (field.startsWith("cutoffs.")) return `--${field.slice(8)}: ${message}`;
      if (field.startsWith("weights.")) return `--weights-json: ${field.slice(8)}: ${message}`;
      return `--${field}: ${message}`;
    })
    .join("; ");
}

function describeVersion(version: ThresholdVersionRecord): string {
  const { cutoffs, weights } = version;
  const lines = [
    `version ${version.version}${version.isActive ? " (active)" : ""}, saved ${formatDateTime(version.createdAt)}${version.author ? ` by ${version.author.email}` : ""}`,
    `  note: ${version.note}`,
    `  cut-offs: Excellent ≥ ${cutoffs.excellent}, Good ≥ ${cutoffs.good}, Fair ≥ ${cutoffs.fair}, else Poor`,
    `  weights (${WEIGHT_METRICS.join(", ")}):`,
    ...orderedPersonas(weights).map((persona) => `    ${personaLabel(persona).padEnd(15)} ${WEIGHT_METRICS.map((m) => String(weights[persona][m] ?? 0).padEnd(6)).join(" ")}`),
  ];
  return lines.join("\n");
}

async function recompute(isJson: boolean): Promise<void> {
  let lastShown = 0;
  const run = await runRecomputeJobs({
    onProgress: ({ judgeVersion, completed, total }) => {
      if (isJson || (completed < total && Date.now() - lastShown < 500)) return;
      lastShown = Date.now();
      process.stderr.write(`recomputing scores for heuristic ${judgeVersion}: ${completed.toLocaleString("en")} / ${total.toLocaleString("en")} turns\n`);
    },
  });
  if (run.failed.length > 0) throw new Error(run.failed.map((failure) => `recompute job ${failure.jobId} failed: ${failure.error}`).join("; "));
}

async function saved(result: SavedThresholdVersion, isJson: boolean, label: string): Promise<void> {
  if (result.recomputeJobId !== null) await recompute(isJson);
  if (isJson) process.stdout.write(`${JSON.stringify(result)}\n`);
  else process.stdout.write(`${label} version ${result.version}; overall scores follow heuristic ${result.judgeVersion}\n`);
}

async function act(action: string, options: Options): Promise<void> {
  const isJson = options.json === true;
  switch (action) {
    case "show": {
      const [version, scoring] = [await findThresholdVersion("active"), await getScoringJudge("active", { startRecompute: false })];
      if (isJson) return void process.stdout.write(`${JSON.stringify({ ...version, scoring })}\n`);
      const progress = scoring.isComplete
        ? "complete"
        : `${scoring.recompute?.completed ?? 0} / ${scoring.recompute?.total ?? "?"} turns (run \`concord thresholds recompute\`)`;
      process.stdout.write(`${describeVersion(version)}\n  scores: judge heuristic ${scoring.judge.version}, ${progress}\n`);
      return;
    }
    case "history": {
      const history = await listThresholdVersions();
      if (isJson) return void process.stdout.write(`${JSON.stringify(history)}\n`);
      for (const entry of history) {
        process.stdout.write(`${describeVersion(entry)}\n`);
        for (const change of entry.changes) process.stdout.write(`  changed from v${entry.comparedWith}: ${change.label} ${change.from ?? "—"} → ${change.to ?? "—"}\n`);
      }
      return;
    }
    case "set": {
      const active = await findThresholdVersion("active");
      const cutoffs = {
        fair: numberOption(options, "fair", active.cutoffs.fair),
        good: numberOption(options, "good", active.cutoffs.good),
        excellent: numberOption(options, "excellent", active.cutoffs.excellent),
      };
      const weights = readWeights(options["weights-json"] as string | undefined, active.weights) as ThresholdVersionRecord["weights"];
      const author = await authorId(options);
      const note = typeof options.note === "string" ? options.note : "";
      return saved(await saveThresholdVersion({ thresholds: { cutoffs, weights }, note, basedOnId: active.id, authorId: author }), isJson, "saved");
    }
    case "restore": {
      const number = Number(options.version);
      if (!Number.isInteger(number) || number < 1) throw new UsageError("--version N is required: the version number to restore");
      const [source, active] = [await findThresholdVersion({ version: number }), await findThresholdVersion("active")];
      const note = typeof options.note === "string" ? options.note : undefined;
      const result = await restoreThresholdVersion({ versionId: source.id, basedOnId: active.id, authorId: await authorId(options), note });
      return saved(result, isJson, `restored version ${number} as`);
    }
    case "calibrate": {
      const author = options.apply === true ? await authorId(options) : null;
      const result = await proposeCalibration();
      if (result.status === "refused") {
        if (author !== null) throw new UsageError(`no proposal to apply: ${result.reason}`);
        return void process.stdout.write(isJson ? `${JSON.stringify(result)}\n` : `No proposal: ${result.reason}\n`);
      }
      const { cutoffs, kappaInSample, kappaCrossValidated, folds, n } = result.proposal;
      if (author === null) {
        if (isJson) return void process.stdout.write(`${JSON.stringify(result)}\n`);
        process.stdout.write(
          `Proposed from ${n} rated turns: Excellent ≥ ${cutoffs.excellent}, Good ≥ ${cutoffs.good}, Fair ≥ ${cutoffs.fair}\n` +
            `  quadratic κ in-sample ${kappaInSample.toFixed(3)}, ${folds}-fold cross-validated ${kappaCrossValidated?.toFixed(3) ?? "n/a"}\n` +
            `  apply with: concord thresholds calibrate --apply --author EMAIL\n`,
        );
        return;
      }
      const active = await findThresholdVersion({ id: result.base.id });
      const save = await saveThresholdVersion({ thresholds: { cutoffs, weights: active.weights }, note: result.note, basedOnId: active.id, authorId: author });
      return saved(save, isJson, "calibrated:");
    }
    case "recompute":
      await recompute(isJson);
      if (!isJson) process.stdout.write("no recompute waiting\n");
      return;
    default:
      throw new UsageError(`unknown action "${action}"\n\n${USAGE}`);
  }
}

export async function run(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (!action || action === "--help" || action === "help") {
    process.stdout.write(USAGE);
    return action ? 0 : 1;
  }
  const fail = (message: string) => {
    process.stderr.write(`concord thresholds: ${message}\n`);
    return 1;
  };
  let options: Options;
  try {
    options = parseArgs({
      args: rest,
      strict: true,
      options: {
        fair: { type: "string" },
        good: { type: "string" },
        excellent: { type: "string" },
        "weights-json": { type: "string" },
        note: { type: "string" },
        author: { type: "string" },
        version: { type: "string" },
        apply: { type: "boolean" },
        json: { type: "boolean" },
      },
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (!process.env.DATABASE_URL) return fail("DATABASE_URL is not set");
  try {
    await act(action, options);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    if (error instanceof DomainError) return fail(error.fieldErrors ? optionMessages(error.fieldErrors) : error.message);
    throw error;
  } finally {
    await closeScorePool();
  }
}
