// `concord agreement --task numeric`: how closely a judge's numeric scores follow the human
// scores, from a JSONL or CSV file, printed as one JSON object. See NUMERIC_USAGE.
import { kendallTau, pearsonCorrelation, spearmanRho } from "../../lib/stats/index.ts";
import { concordanceCorrelation, meanAbsoluteError, rootMeanSquaredError } from "../../lib/stats/numeric-agreement.ts";
import { intraclassCorrelation } from "../../lib/stats/intraclass-correlation.ts";
import { checkFieldsExist, hasValueAt, matchesWhere, numberAt, numberOnly } from "./agreement-fields.ts";
import { InputError, UsageError, readTable } from "./agreement-input.ts";
import { NUMERIC_USAGE, parseNumericOptions, type NumericOptions } from "./agreement-numeric-options.ts";
import { runMode } from "./run-mode.ts";

export async function run(args: string[], task: string): Promise<number> {
  return runMode(`concord agreement --task ${task}`, NUMERIC_USAGE, () => {
    const options = parseNumericOptions(args);
    return options === "help" ? "help" : buildReport(options);
  });
}

/**
 * The object `run` prints, from the command's arguments (without --task), for callers such
 * as `concord gate`. Bad input throws InputError, as in `run`.
 */
export function numericReport(args: string[]): Record<string, unknown> {
  const options = parseNumericOptions(args);
  if (options === "help") throw new UsageError("--help is not an option of the numeric report");
  return buildReport(options);
}

function buildReport(options: NumericOptions): Record<string, unknown> {
  const { human, judge, nDropped, nNotMatching } = readPairs(options);
  const report: Record<string, unknown> = { n: human.length, n_dropped: nDropped };
  if (options.where.size > 0) report.n_not_matching = nNotMatching;
  return { ...report, ...numericFigures(human, judge) };
}

/** The figures after the counts: the block `concord agreement --panel` prints per judge too. */
export function numericFigures(human: Float64Array, judge: Float64Array) {
  const icc = intraclassCorrelation([human, judge]);
  return {
    pearson: pearsonCorrelation(human, judge).value,
    spearman: spearmanRho(human, judge),
    kendall_tau_b: kendallTau(human, judge),
    mae: meanAbsoluteError(human, judge),
    rmse: rootMeanSquaredError(human, judge),
    ccc: concordanceCorrelation(human, judge),
    icc: { icc2_1: icc.icc2_1.value, icc3_1: icc.icc3_1.value },
    icc_ci95: { icc2_1: icc.icc2_1.ci, icc3_1: icc.icc3_1.ci },
  };
}

/** The (human, judge) pairs of the rows passing --where; a null, blank or absent side drops the row. */
function readPairs(options: NumericOptions) {
  const { input: path, human: humanField, judge: judgeField } = options;
  const fields = [humanField, judgeField, ...options.where.keys()];
  const table = readTable(path, fields, numberOnly([humanField, judgeField], options.where));
  checkFieldsExist(table, path, fields);
  const human = new Float64Array(table.length);
  const judge = new Float64Array(table.length);
  let n = 0;
  let nDropped = 0;
  let nNotMatching = 0;
  for (let i = 0; i < table.length; i++) {
    if (!matchesWhere(table, i, options.where)) {
      nNotMatching++;
      continue;
    }
    if (!hasValueAt(table, humanField, i) || !hasValueAt(table, judgeField, i)) {
      nDropped++;
      continue;
    }
    human[n] = numberAt(table, humanField, i, path);
    judge[n++] = numberAt(table, judgeField, i, path);
  }
  if (n === 0) {
    const rows = options.where.size > 0 ? `of the ${table.length - nNotMatching} rows matching --where` : `of its ${table.length} rows`;
    throw new InputError(`${path}: no pairs: none ${rows} has both a "${humanField}" value and a "${judgeField}" value`);
  }
  return { human: human.slice(0, n), judge: judge.slice(0, n), nDropped, nNotMatching };
}
