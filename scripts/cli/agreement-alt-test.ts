// `concord agreement --alt-test`: the Alternative Annotator Test on long rows (one per item
// and rater, the judge's value on the same row), printed as one JSON object. See USAGE in
// agreement-alt-test-options.ts.
import { altTest, numericValue, type AltTestResult, type AltTestValue } from "../../lib/stats/alt-test.ts";
import { InputError, UsageError, readTable } from "./agreement-input.ts";
import { checkFieldsExist, fieldValue, isBlank, toNumber, valueAt } from "./agreement-fields.ts";
import { parseAltTestOptions, USAGE, type AltTestCliOptions } from "./agreement-alt-test-options.ts";
import { runMode } from "./run-mode.ts";

export async function run(args: string[]): Promise<number> {
  return runMode("concord agreement --alt-test", USAGE, () => {
    const options = parseAltTestOptions(args);
    if (options === "help") return "help";
    const output = buildReport(options);
    // No testable rater: the figures are null and `message` says what is missing.
    if (typeof output.message === "string") throw new InputError(output.message);
    return output;
  });
}

/**
 * The object `run` prints, from the command's arguments (without --alt-test), for callers
 * such as `concord gate`. Bad input throws InputError, as in `run`; when no rater can be
 * tested the figures are null and `message` says what is missing (where `run` exits 1).
 */
export function altTestReport(args: string[]): Record<string, unknown> {
  const options = parseAltTestOptions(args);
  if (options === "help") throw new UsageError("--help is not an option of the alt-test report");
  return buildReport(options);
}

function buildReport(options: AltTestCliOptions): Record<string, unknown> {
  const { input, nSkipped } = readRatings(options);
  const result = altTest(input, options);
  return result.nTested === 0 ? { message: nothingTestable(result), ...report(result, nSkipped) } : report(result, nSkipped);
}

type JudgeValue = { value: AltTestValue; line: number };

/** The rows as altTest's input; every problem is an InputError naming the file, line and field. */
function readRatings(options: AltTestCliOptions) {
  const path = options.input;
  const fields = [options.item, options.rater, options.human, options.judge];
  const table = readTable(path, fields);
  checkFieldsExist(table, path, fields);
  const toValue = (line: number, field: string, value: unknown): AltTestValue =>
    options.alignment === "neg_rmse" ? toNumber(value, line, field, path) : toLabel(value, line, field, path);
  const item: string[] = [];
  const rater: string[] = [];
  const value: AltTestValue[] = [];
  const judge = new Map<string, JudgeValue>();
  const seen = new Map<string, number>();
  let nSkipped = 0;
  for (let i = 0; i < table.length; i++) {
    const line = table.lines[i];
    const itemKey = toKey(fieldValue(table, options.item, i, path), line, options.item, path);
    // The judge's value belongs to the item, so it is read from every row, skipped ones too.
    const judgeValue = valueAt(table, options.judge, i);
    if (judgeValue !== undefined && !isBlank(judgeValue)) {
      const given = { value: toValue(line, options.judge, judgeValue), line };
      const earlier = judge.get(itemKey);
      if (!earlier) judge.set(itemKey, given);
      else if (!isSameValue(earlier.value, given.value)) {
        throw new InputError(`${path}:${line}: field "${options.judge}" of item "${itemKey}" is ${JSON.stringify(judgeValue)}, but line ${earlier.line} gave ${JSON.stringify(earlier.value)}`);
      }
    }
    const human = fieldValue(table, options.human, i, path);
    if (isBlank(human)) {
      nSkipped++;
      continue;
    }
    const raterKey = toKey(fieldValue(table, options.rater, i, path), line, options.rater, path);
    const pair = JSON.stringify([raterKey, itemKey]);
    const first = seen.get(pair);
    if (first !== undefined) throw new InputError(`${path}:${line}: rater "${raterKey}" already rated item "${itemKey}" on line ${first}`);
    seen.set(pair, line);
    item.push(itemKey);
    rater.push(raterKey);
    value.push(toValue(line, options.human, human));
  }
  const judgeValues = new Map([...judge].map(([key, given]) => [key, given.value]));
  return { input: { item, rater, value, judge: judgeValues }, nSkipped };
}

/** An item or rater id: a non-empty string or a number. */
function toKey(value: unknown, line: number, field: string, path: string): string {
  if (typeof value === "number" || (typeof value === "string" && value.trim() !== "")) return String(value);
  throw new InputError(`${path}:${line}: field "${field}" must be an id (text or number), got ${JSON.stringify(value)}`);
}

/** A label: text, a number, or true/false (compared as text). */
function toLabel(value: unknown, line: number, field: string, path: string): AltTestValue {
  if (typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "boolean") return String(value);
  throw new InputError(`${path}:${line}: field "${field}" must be a label (text or number), got ${JSON.stringify(value)}`);
}

/** Equality as altTest compares values: by number when both are numeric, else by text. */
function isSameValue(a: AltTestValue, b: AltTestValue): boolean {
  const x = numericValue(a);
  const y = numericValue(b);
  return x !== null || y !== null ? x === y : String(a) === String(b);
}

function nothingTestable(result: AltTestResult): string {
  const most = Math.max(0, ...result.raters.map((r) => r.nItems));
  const items = (n: number) => `${n} item${n === 1 ? "" : "s"}`;
  return (
    `alt-test needs ≥ ${result.minRaters} human ratings per item and ≥ ${result.minItems} items per rater; ` +
    `found 0 raters with ≥ ${result.minItems} items (${items(result.nItems)} rated by the judge and ≥ ${result.minRaters} humans, ` +
    `${result.raters.length} rater${result.raters.length === 1 ? "" : "s"}, at most ${items(most)} for one rater)`
  );
}

function report(result: AltTestResult, nSkipped: number) {
  return {
    winning_rate: result.winningRate,
    advantage_probability: result.advantageProbability,
    passed: result.passed,
    n_tested: result.nTested,
    n_won: result.nWon,
    n_items: result.nItems,
    n_items_dropped: result.nItemsDropped,
    n_skipped: nSkipped,
    epsilon: result.epsilon,
    alignment: result.alignment,
    q: result.q,
    min_raters: result.minRaters,
    min_items: result.minItems,
    raters: result.raters.map((r) => ({
      rater: r.rater,
      n_items: r.nItems,
      p_value: r.pValue,
      won: r.won,
      judge_advantage: r.judgeAdvantage,
      rater_advantage: r.raterAdvantage,
      skipped: r.skipped,
    })),
  };
}
