// `concord agreement --ppi`: the mean human rating by prediction-powered inference, from a
// JSONL or CSV file, printed as one JSON object. See PPI_USAGE in agreement-ppi-options.ts.
import { levelFromCutoffs, scaleLevel } from "../../lib/stats/index.ts";
import { classicalMeanCi, judgeOnlyMean, passIndicators, ppiMean, type MeanInterval } from "../../lib/stats/ppi.ts";
import { checkFieldsExist, hasValueAt, matchesWhere, numberAt, numberOnly } from "./agreement-fields.ts";
import { InputError, UsageError, readTable } from "./agreement-input.ts";
import { parsePpiOptions, PPI_USAGE, type PpiOptions } from "./agreement-ppi-options.ts";
import { runMode } from "./run-mode.ts";

export async function run(args: string[]): Promise<number> {
  return runMode("concord agreement --ppi", PPI_USAGE, () => {
    const options = parsePpiOptions(args);
    return options === "help" ? "help" : buildReport(options);
  });
}

/**
 * The object `run` prints, from the command's arguments (without --ppi), for callers such
 * as `concord gate`. Bad input throws InputError, as in `run`.
 */
export function ppiReport(args: string[]): Record<string, unknown> {
  const options = parsePpiOptions(args);
  if (options === "help") throw new UsageError("--help is not an option of the PPI report");
  return buildReport(options);
}

type Samples = { y: Float64Array; yHat: Float64Array; yHatUnlabeled: Float64Array; nDropped: number; nNotMatching: number };

function buildReport(options: PpiOptions): Record<string, unknown> {
  const samples = readSamples(options);
  const { y, yHat, yHatUnlabeled } = samples;
  const alpha = options.alpha;
  const report: Record<string, unknown> = estimates(y, yHat, yHatUnlabeled, alpha);
  if (options.passLevel !== null) {
    const pass = (values: Float64Array) => passIndicators(values, options.passLevel!);
    report.pass_rate = estimates(pass(y), pass(yHat), pass(yHatUnlabeled), alpha);
  }
  report.n_labeled = y.length;
  report.n_unlabeled = yHatUnlabeled.length;
  report.n_dropped = samples.nDropped;
  if (options.where.size > 0) report.n_not_matching = samples.nNotMatching;
  report.alpha = alpha;
  return report;
}

function estimates(y: Float64Array, yHat: Float64Array, yHatUnlabeled: Float64Array, alpha: number) {
  const ppi = ppiMean(y, yHat, yHatUnlabeled, { alpha });
  return {
    ppi: { ...interval(ppi), lambda: ppi.lambda },
    human_only: interval(classicalMeanCi(y, alpha)),
    judge_only: { mean: judgeOnlyMean(yHat, yHatUnlabeled) },
  };
}

function interval(estimate: MeanInterval) {
  return { mean: estimate.mean, ci_low: estimate.ciLow, ci_high: estimate.ciHigh };
}

/**
 * Labeled pairs and unlabeled judge values of the rows passing --where, on the levels of
 * --scale when given. A JSONL row without the human field is unlabeled, without the judge
 * field dropped, as a null or blank value.
 */
function readSamples(options: PpiOptions): Samples {
  const { input: path, human, judge, scale, judgeCuts } = options;
  const fields = [human, judge, ...options.where.keys()];
  const table = readTable(path, fields, numberOnly([human, judge], options.where));
  checkFieldsExist(table, path, fields);
  const humanLevel = scale ? (h: number) => scaleLevel(h, scale.lo, scale.hi) : (h: number) => h;
  const judgeLevel = !scale
    ? (j: number) => j
    : judgeCuts
      ? (j: number) => levelFromCutoffs(j, judgeCuts, scale.lo)
      : (j: number) => scaleLevel(j, scale.lo, scale.hi);
  const y: number[] = [];
  const yHat: number[] = [];
  const yHatUnlabeled: number[] = [];
  let nDropped = 0;
  let nNotMatching = 0;
  for (let i = 0; i < table.length; i++) {
    if (!matchesWhere(table, i, options.where)) {
      nNotMatching++;
      continue;
    }
    if (!hasValueAt(table, judge, i)) {
      nDropped++;
      continue;
    }
    const prediction = judgeLevel(numberAt(table, judge, i, path));
    if (!hasValueAt(table, human, i)) yHatUnlabeled.push(prediction);
    else {
      y.push(humanLevel(numberAt(table, human, i, path)));
      yHat.push(prediction);
    }
  }
  const kept = table.length - nNotMatching;
  const rowsMeant = options.where.size > 0 ? `of the ${kept} rows matching --where` : `of its ${kept} rows`;
  if (y.length === 0) {
    throw new InputError(`${path}: no labeled rows: none ${rowsMeant} has both a "${human}" value and a "${judge}" value`);
  }
  if (yHatUnlabeled.length === 0) {
    throw new InputError(
      `${path}: no unlabeled rows: every one ${rowsMeant} with a "${judge}" value also has a "${human}" value; ` +
        `PPI needs rows rated by the judge alone`,
    );
  }
  return { y: Float64Array.from(y), yHat: Float64Array.from(yHat), yHatUnlabeled: Float64Array.from(yHatUnlabeled), nDropped, nNotMatching };
}
