// `concord gate`: one figure of a judge against a bar, as pass / fail / inconclusive, for a
// CI step before a new judge (prompt, model, weights) ships. JSON on stdout, one plain line
// on stderr, and the verdict in the exit code.
import { verdictOf } from "../../lib/stats/verdict.ts";
import { InputError, UsageError } from "./agreement-input.ts";
import { parseOptions } from "./agreement-options.ts";
import { buildReport } from "./agreement.ts";
import { altTestReport } from "./agreement-alt-test.ts";
import { ppiReport } from "./agreement-ppi.ts";

const METRICS = ["kappa_quadratic", "spearman", "alt-test", "ppi-mean", "drift"] as const;
type Metric = (typeof METRICS)[number];

export const USAGE = `usage:
  concord gate --metric kappa_quadratic|spearman|alt-test|ppi-mean --min V --input FILE
               --human FIELD --judge FIELD [the flags of that figure's command]

The verdict of one figure against a bar:
  pass          the whole 95 % interval is at or above V           exit 0
  fail          the whole interval is below V                      exit 2
  inconclusive  the interval straddles V, or there is too little data  exit 3
Bad input exits 1, as every Concord command.

  kappa_quadratic  quadratic-weighted Cohen's κ with its Wald interval; needs --scale LO:HI
                   (and --judge-cuts to map judge scores to levels), as concord agreement
  spearman         Spearman's ρ with its Bonett–Wright interval, as concord agreement
  alt-test         the alternative annotator test: V is the winning rate ω to reach (the
                   paper's 0.5); its flags are concord agreement --alt-test's (--item, --rater,
                   --epsilon, --alignment, …); inconclusive when no rater can be tested
  ppi-mean         the prediction-powered (PPI++) mean with its interval; the flags of
                   concord agreement --ppi (--where, --alpha, --scale/--judge-cuts)

Prints {metric, min, verdict, reason, sentence, value, ci_low, ci_high, n, report} on
stdout, where report is what the figure's own command prints.

  concord gate --metric drift --judge NAME [--persona P] [--criterion C] [--from YYYY-MM-DD]
               [--to YYYY-MM-DD] [--import ID] [--thresholds VERSION]

  drift            reads the database at DATABASE_URL: every version of judge NAME (oldest
                   first) scored against people on the rated items all of them scored, with
                   its 95 % crossed-bootstrap interval; fail (exit 2) when the newest
                   version's κ_q is below the previous version's interval (a regression),
                   pass (exit 0) when it is not, inconclusive (exit 3) with fewer than two
                   versions or fewer than 10 shared rated items; takes no --min. Prints
                   {metric, judge, verdict, reason, sentence, newest, previous, frozen_items,
                   frozen_sessions, versions, not_run}.`;

const EXIT = { pass: 0, fail: 2, inconclusive: 3 } as const;

type Figure = { value: number | null; ci: [number, number] | null; n: number; report: Record<string, unknown> };

export async function run(args: string[]): Promise<number> {
  try {
    const gate = parseGate(args);
    if (gate === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (gate.metric === "drift") return await runDrift(gate.rest);
    const figure = FIGURES[gate.metric](gate.rest);
    const verdict =
      gate.metric === "alt-test" ? altTestVerdict(figure, gate.min) : verdictOf({ estimate: figure.value, ci: figure.ci, n: figure.n }, { min: gate.min });
    const output = {
      metric: gate.metric,
      min: gate.min,
      verdict: verdict.verdict,
      reason: verdict.reason,
      sentence: verdict.sentence,
      value: figure.value,
      ci_low: figure.ci?.[0] ?? null,
      ci_high: figure.ci?.[1] ?? null,
      n: figure.n,
      report: figure.report,
    };
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    process.stderr.write(`${verdict.verdict.toUpperCase()}: ${gate.metric} — ${verdict.sentence}\n`);
    return EXIT[verdict.verdict];
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    process.stderr.write(`concord gate: ${error.message}\n`);
    if (error instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
    return 1;
  }
}

/** `--metric drift`: read from the database, loaded only when asked for. */
async function runDrift(args: string[]): Promise<number> {
  const { driftGate, DriftInputError } = await import("./gate-drift.ts");
  try {
    const { verdict, reason, sentence, output } = await driftGate(args);
    const { metric, judge, ...rest } = output;
    process.stdout.write(`${JSON.stringify({ metric, judge, verdict, reason, sentence, ...rest }, null, 2)}\n`);
    process.stderr.write(`${verdict.toUpperCase()}: drift — ${sentence}\n`);
    return EXIT[verdict];
  } catch (error) {
    if (!(error instanceof DriftInputError)) throw error;
    throw new UsageError(error.message);
  }
}

function parseGate(args: string[]): { metric: Metric; min: number; rest: string[] } | "help" {
  // --metric and --min are the gate's; every other flag goes to the figure's own parser,
  // which checks it.
  const own: Record<string, string | undefined> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const match = /^--(metric|min)(?:=(.*))?$/.exec(args[i]);
    if (!match) {
      if (args[i] === "--help" || args[i] === "-h") return "help";
      rest.push(args[i]);
      continue;
    }
    own[match[1]] = match[2] ?? args[++i];
  }
  const { metric, min: bar } = own;
  if (metric === undefined) throw new UsageError(`missing --metric (one of ${METRICS.join(", ")})`);
  if (!(METRICS as readonly string[]).includes(metric)) throw new UsageError(`--metric must be one of ${METRICS.join(", ")}, got "${metric}"`);
  if (metric === "drift") {
    if (bar !== undefined) throw new UsageError("--metric drift takes no --min: it compares the newest version with the one before it");
    return { metric, min: Number.NaN, rest };
  }
  if (bar === undefined) throw new UsageError("missing --min (the bar the figure must reach)");
  const min = Number(bar);
  if (bar.trim() === "" || !Number.isFinite(min)) throw new UsageError(`--min must be a number, got "${bar}"`);
  return { metric: metric as Metric, min, rest };
}

const FIGURES: Record<Exclude<Metric, "drift">, (args: string[]) => Figure> = {
  kappa_quadratic: (args) => {
    const options = scoreOptions(args);
    if (!options.scale) throw new UsageError("kappa_quadratic needs --scale LO:HI (and --judge-cuts when the judge gives scores)");
    const report = buildReport(options);
    const kappa = report.kappa as { quadratic: number | null; quadratic_ci: [number, number] | null };
    return { value: kappa.quadratic, ci: kappa.quadratic_ci, n: report.n as number, report };
  },
  spearman: (args) => {
    const report = buildReport(scoreOptions(args));
    const dataset = report.dataset_level as { spearman: number | null; spearman_ci: [number, number] | null };
    return { value: dataset.spearman, ci: dataset.spearman_ci, n: report.n as number, report };
  },
  "alt-test": (args) => {
    const report = altTestReport(args);
    const tested = (report.raters as { skipped: string | null }[]).filter((r) => r.skipped === null).length;
    return { value: report.winning_rate as number | null, ci: null, n: tested, report };
  },
  "ppi-mean": (args) => {
    const report = ppiReport(args);
    const ppi = report.ppi as { mean: number | null; ci_low: number | null; ci_high: number | null };
    const ci: [number, number] | null = ppi.ci_low === null || ppi.ci_high === null ? null : [ppi.ci_low, ppi.ci_high];
    return { value: ppi.mean, ci, n: (report.n_labeled as number) + (report.n_unlabeled as number), report };
  },
};

function scoreOptions(args: string[]) {
  const options = parseOptions(args);
  if (options === "help") throw new UsageError("--help goes before the metric's flags: concord gate --help");
  if (options.pairwise) throw new UsageError("concord gate does not judge pairwise verdicts");
  return options;
}

/** ω has no interval: it reaches the bar or not; no testable rater is inconclusive. */
function altTestVerdict(figure: Figure, min: number) {
  const report = figure.report;
  if (figure.value === null) {
    return { verdict: "inconclusive" as const, reason: "too-few" as const, sentence: `no rater could be tested (${String(report.message ?? "too few items rated by two people and the judge")})` };
  }
  const summary = `ω = ${figure.value.toFixed(2)} (${(report.raters as { won: boolean }[]).filter((r) => r.won).length} of ${figure.n} raters beaten at ε = ${String(report.epsilon)})`;
  return figure.value >= min
    ? { verdict: "pass" as const, reason: "above" as const, sentence: `${summary} reaches the bar ${min}` }
    : { verdict: "fail" as const, reason: "below" as const, sentence: `${summary} is below the bar ${min}` };
}
