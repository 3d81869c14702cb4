// `concord calibrate`: a monotone map from a judge's score to the human scale, fitted on a
// JSONL or CSV file, with its out-of-fold error, printed as one JSON object.
// `concord calibrate weights …` is the fitted persona weights (calibrate-weights.ts).
import { contiguousFolds, crossFitIsotonic, fitIsotonic, meanAbsoluteError } from "../../lib/stats/isotonic.ts";
import { checkFieldsExist, hasValueAt, matchesWhere, numberAt, numberOnly } from "./agreement-fields.ts";
import { InputError, UsageError, readTable } from "./agreement-input.ts";
import { parseWhere } from "./agreement-options.ts";
import { parseCliArgs } from "./parse-cli-args.ts";
import { runMode } from "./run-mode.ts";

const FOLDS = 5;
const METHODS = ["isotonic"] as const;

export const CALIBRATE_USAGE = `usage:
  concord calibrate --input FILE --human FIELD --judge FIELD --method isotonic [--where FIELD=VALUE …]
  concord calibrate weights …   (fitted persona weights; see concord calibrate weights --help)

Fits a monotone (non-decreasing) map from the judge's score to the human value by isotonic
regression, exactly as scikit-learn's IsotonicRegression(increasing=True,
out_of_bounds="clip"), on every row with both values, and prints one JSON object:
  n            the rows used (both values present, after --where)
  map          {x, y}: the map's thresholds (scikit-learn's X_thresholds_, y_thresholds_);
               between two thresholds the map is linear, outside them constant
  out_of_fold  {mae, mae_raw}: the mean absolute error against the human value of the
               calibrated score, each row's from a map fitted without it (5 contiguous folds
               in input order, as KFold(n_splits=5) without shuffling), and of the raw score

Rows whose human or judge value is null, empty or absent are left out; at least 5 must remain.
  --where FIELD=VALUE keep rows whose FIELD equals VALUE (as text); repeat a field to
                      accept several values, give several fields to require all`;

type CalibrateOptions = { input: string; human: string; judge: string; where: Map<string, Set<string>> };

export async function run(args: string[]): Promise<number> {
  if (args[0] === "weights") {
    const weights = await import("./calibrate-weights.ts");
    return weights.run(args.slice(1));
  }
  return runMode("concord calibrate", CALIBRATE_USAGE, () => {
    const options = parseOptions(args);
    return options === "help" ? "help" : calibrationReport(options);
  });
}

function parseOptions(args: string[]): CalibrateOptions | "help" {
  const values = parseCliArgs(
    args,
    { input: { type: "string" }, human: { type: "string" }, judge: { type: "string" }, method: { type: "string" }, where: { type: "string", multiple: true } },
    ["input", "human", "judge", "method"],
  );
  if (values === "help") return "help";
  if (!(METHODS as readonly string[]).includes(values.method!)) {
    throw new UsageError(`--method must be ${METHODS.join(" or ")}, got "${values.method}"`);
  }
  return { input: values.input!, human: values.human!, judge: values.judge!, where: parseWhere(values.where ?? []) };
}

function calibrationReport(options: CalibrateOptions): Record<string, unknown> {
  const { judge, human } = readPairs(options);
  const map = fitIsotonic(judge, human)!;
  const oof = crossFitIsotonic(judge, human, contiguousFolds(judge.length, FOLDS))!;
  return {
    n: judge.length,
    map: { x: Array.from(map.x), y: Array.from(map.y) },
    out_of_fold: { mae: meanAbsoluteError(oof, human), mae_raw: meanAbsoluteError(judge, human) },
  };
}

/** The (judge, human) values of the rows passing --where that have both, in file order. */
function readPairs(options: CalibrateOptions): { judge: Float64Array; human: Float64Array } {
  const { input: path, human, judge, where } = options;
  const fields = [human, judge, ...where.keys()];
  const table = readTable(path, fields, numberOnly([human, judge], where));
  checkFieldsExist(table, path, fields);
  const judgeValues: number[] = [];
  const humanValues: number[] = [];
  let matching = 0;
  for (let i = 0; i < table.length; i++) {
    if (!matchesWhere(table, i, where)) continue;
    matching++;
    if (!hasValueAt(table, judge, i) || !hasValueAt(table, human, i)) continue;
    judgeValues.push(numberAt(table, judge, i, path));
    humanValues.push(numberAt(table, human, i, path));
  }
  if (judgeValues.length < FOLDS) {
    const rows = where.size > 0 ? `of the ${matching} rows matching --where` : `of its ${table.length} rows`;
    throw new InputError(
      `${path}: ${judgeValues.length} ${rows} have both a "${human}" value and a "${judge}" value; ` +
        `calibrating with ${FOLDS}-fold cross-fitting needs at least ${FOLDS}`,
    );
  }
  return { judge: Float64Array.from(judgeValues), human: Float64Array.from(humanValues) };
}
