// `concord calibrate weights`: fitted persona weights from the database (DATABASE_URL),
// printed as JSON; with --apply, saved as a new thresholds version (scores recomputed).
import { parseArgs } from "node:util";
import { VERDICT_TEXT } from "@/lib/calibration/fit-weights";
import { findUserByEmail } from "@/lib/server/auth/manage-users";
import { DomainError } from "@/lib/server/errors";
import { computeWeightFit, type WeightFitReport } from "@/lib/server/thresholds/compute-weight-fit";
import { runRecomputeJobs } from "@/lib/server/thresholds/run-recompute-jobs";
import { saveThresholdVersion } from "@/lib/server/thresholds/save-threshold-version";
import { closeScorePool } from "@/lib/server/thresholds/score-pool";

const USAGE = `usage: concord calibrate weights [--seed N] [--apply --author EMAIL]

  Fits each persona's metric weights (non-negative, summing to 1) together with the level
  cut-offs to the human levels (quadratic-weighted κ), shrunk toward the active weights by
  cross-validation, and prints JSON: per persona the current and proposed weights, the
  cut-offs, the out-of-fold κ of both (nested cross-validation by session) with a 95%
  interval on the difference, the verdict, and how many turns would change level.

  --seed N          the seed of the folds and the bootstrap (default 20261127)
  --apply           save the proposal as a new thresholds version and recompute the scores
  --author EMAIL    the admin the new version is saved by (with --apply)
`;

class UsageError extends Error {}

/** The contract's JSON: snake_case keys, personas by name. */
export function weightFitJson(report: Extract<WeightFitReport, { status: "proposal" }>) {
  const { fit } = report;
  return {
    base_version: report.base.version,
    personas: Object.fromEntries(fit.personas.map((persona) => [persona.persona, { turns: persona.turns, current: persona.current, proposed: persona.proposed }])),
    cutoffs: { current: report.current.cutoffs, proposed: fit.proposal.cutoffs },
    shrinkage: fit.shrinkage,
    held_back: fit.heldBack,
    kappa_in_sample: fit.kappaInSample,
    out_of_fold: fit.outOfFold && {
      kappa_current: fit.outOfFold.kappaCurrent,
      kappa_proposed: fit.outOfFold.kappaProposed,
      difference: fit.outOfFold.difference,
      ci_low: fit.outOfFold.ciLow,
      ci_high: fit.outOfFold.ciHigh,
      folds: fit.outOfFold.folds,
      replicates: fit.outOfFold.replicates,
    },
    verdict: fit.verdict && VERDICT_TEXT[fit.verdict].toLowerCase(),
    turns_changing_level: report.turnsChanging,
    sessions_changing_level: report.sessionsChanging,
    n_turns: fit.nTurns,
    n_sessions: fit.nSessions,
    seed: fit.seed,
  };
}

async function authorId(email: unknown): Promise<number> {
  if (typeof email !== "string" || email.trim() === "") throw new UsageError("--author EMAIL is required with --apply: the admin the new version is saved by");
  const user = await findUserByEmail(email);
  if (!user || !user.isActive) throw new UsageError(`--author: no active user with the email ${email}`);
  if (user.role !== "admin") throw new UsageError(`--author: ${user.email} is a ${user.role}; only admins change thresholds`);
  return user.id;
}

export async function run(args: string[]): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`concord calibrate weights: ${message}\n`);
    return 1;
  };
  if (args[0] === "--help" || args[0] === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  let options: { seed?: string; apply?: boolean; author?: string };
  try {
    options = parseArgs({ args, strict: true, options: { seed: { type: "string" }, apply: { type: "boolean" }, author: { type: "string" } } }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const seed = options.seed === undefined ? undefined : Number(options.seed);
  if (seed !== undefined && !(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff)) return fail(`--seed: expected a whole number from 0 to 4294967295, found "${options.seed}"`);
  if (!process.env.DATABASE_URL) return fail("DATABASE_URL is not set");
  try {
    const author = options.apply ? await authorId(options.author) : null;
    if (!options.apply && options.author !== undefined) throw new UsageError("--author is only used with --apply");
    const report = await computeWeightFit({ seed });
    if (report.status === "refused") {
      if (author !== null) throw new UsageError(`no proposal to apply: ${report.reason}`);
      process.stdout.write(`${JSON.stringify({ refused: report.reason, base_version: report.base.version })}\n`);
      return 0;
    }
    const json: Record<string, unknown> = weightFitJson(report);
    if (author !== null) {
      const saved = await saveThresholdVersion({ thresholds: report.fit.proposal, note: report.note, basedOnId: report.base.id, authorId: author });
      if (saved.recomputeJobId !== null) {
        const recompute = await runRecomputeJobs({});
        if (recompute.failed.length > 0) throw new Error(recompute.failed.map((failure) => `recompute job ${failure.jobId} failed: ${failure.error}`).join("; "));
      }
      json.applied = { version: saved.version, judge_version: saved.judgeVersion };
    }
    process.stdout.write(`${JSON.stringify(json)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof DomainError) return fail(error.message);
    throw error;
  } finally {
    await closeScorePool();
  }
}
