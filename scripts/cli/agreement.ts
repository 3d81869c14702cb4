// `concord agreement`: agreement statistics between human ratings and a judge, from a JSONL
// or CSV file, printed as one JSON object. See USAGE in agreement-options.ts.
import type { Preference } from "../../lib/stats/index.ts";
import { InputError, UsageError, readTable, type Table } from "./agreement-input.ts";
import { parseOptions, USAGE, type Options } from "./agreement-options.ts";
import { checkFieldsExist, fieldValue, isBlank, matchesWhere, numberAt, numberOnly, toGroup, toPreference } from "./agreement-fields.ts";
import { pairwiseReport, scoreReport } from "./agreement-report.ts";

/** Modes with contracts of their own, each in its own module with its own options. */
const MODES: Record<string, () => Promise<{ run: (args: string[]) => Promise<number> }>> = {
  "--alt-test": () => import("./agreement-alt-test.ts"),
  "--ppi": () => import("./agreement-ppi.ts"),
  "--panel": () => import("./agreement-panel.ts"),
};

type TaskModule = { run: (args: string[], task: string) => Promise<number> };

/** `--task T`: the metrics of a task type (seed 001's table); `ordinal` is the default below. */
const TASKS: Record<string, () => Promise<TaskModule>> = {
  binary: () => import("./agreement-labels.ts"),
  categorical: () => import("./agreement-labels.ts"),
  multilabel: () => import("./agreement-labels.ts"),
  numeric: () => import("./agreement-numeric.ts"),
};

export async function run(args: string[]): Promise<number> {
  const mode = args.find((arg) => arg in MODES);
  if (mode) return (await MODES[mode]()).run(args.filter((arg) => arg !== mode));
  const { task, rest } = takeTask(args);
  if (task !== null && task !== "ordinal") {
    const load = TASKS[task];
    if (!load) {
      process.stderr.write(`concord agreement: --task must be one of binary, categorical, multilabel, numeric, ordinal; got "${task}"\n`);
      return 1;
    }
    return (await load()).run(rest, task);
  }
  return runScores(rest);
}

/** Pulls `--task T` (or `--task=T`) out of the arguments. */
function takeTask(args: string[]): { task: string | null; rest: string[] } {
  const rest: string[] = [];
  let task: string | null = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--task") task = args[++i] ?? "";
    else if (args[i].startsWith("--task=")) task = args[i].slice("--task=".length);
    else rest.push(args[i]);
  }
  return { task, rest };
}

async function runScores(args: string[]): Promise<number> {
  try {
    const options = parseOptions(args);
    if (options === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const report = buildReport(options);
    process.stdout.write(`${formatJson(report)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    process.stderr.write(`concord agreement: ${error.message}\n`);
    if (error instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
    return 1;
  }
}

export function buildReport(options: Options): Record<string, unknown> {
  const path = options.input;
  const extra = options.pairwise ? [options.pass1, options.pass2] : [options.group];
  const fields = [options.human, options.judge, ...extra.filter((f): f is string => f !== null)];
  const numeric = options.pairwise ? [] : numberOnly([options.human, options.judge], options.where);
  const table = readTable(path, [...fields, ...options.where.keys()], numeric);
  checkFieldsExist(table, path, [...fields, ...options.where.keys()]);
  // Rated rows: human first, so a blank human value skips the row before its judge is read.
  const rated = new Int32Array(table.length);
  const [hasHuman, hasJudge] = [hasValue(table, options.human, path), hasValue(table, options.judge, path)];
  let nKept = 0;
  let n = 0;
  for (let i = 0; i < table.length; i++) {
    if (options.where.size > 0 && !matchesWhere(table, i, options.where)) continue;
    nKept++;
    if (hasHuman(i) && hasJudge(i)) rated[n++] = i;
  }
  const rows = rated.subarray(0, n);
  const counts: Record<string, number> = { n_skipped: nKept - n };
  if (options.where.size > 0) counts.n_not_matching = table.length - nKept;
  const report = options.pairwise ? pairwise(table, rows, options, path) : scores(table, rows, options, path);
  const { n: nRated, ...rest } = report;
  return { n: nRated, ...counts, ...rest };
}

/**
 * Whether row i has a value of `field` (not null or blank), as !isBlank(fieldValue(…)), and
 * failing as it does; a number column's numbers answer without a lookup.
 */
function hasValue(table: Table, field: string, path: string): (i: number) => boolean {
  const values = table.numbers.get(field)?.values;
  const check = (i: number) => !isBlank(fieldValue(table, field, i, path));
  return values ? (i) => values[i] === values[i] || check(i) : check;
}

function scores(table: Table, rows: Int32Array, options: Options, path: string) {
  const numbers = (field: string) => {
    const column = table.numbers.get(field)?.values;
    const values = new Float64Array(rows.length);
    for (let k = 0; k < rows.length; k++) {
      const number = column ? column[rows[k]] : NaN;
      values[k] = number === number ? number : numberAt(table, field, rows[k], path);
    }
    return values;
  };
  const human = numbers(options.human);
  const judge = numbers(options.judge);
  const scale = options.scale ? { ...options.scale, judgeCuts: options.judgeCuts } : null;
  return scoreReport({ human, judge, groups: options.group ? groupIds(table, rows, options.group, path) : null }, scale);
}

/**
 * Each rated row's group as a number, in order of first appearance (as the groups
 * themselves). A CSV column's codes are resolved once per distinct value (the first row
 * carrying a value is the one toGroup would fail on); other values row by row.
 */
function groupIds(table: Table, rows: Int32Array, field: string, path: string): Int32Array {
  const ids = new Map<string, number>();
  const groups = new Int32Array(rows.length);
  const codes = table.codes.get(field);
  const idOfCode = new Int32Array(codes ? table.dictionary.length : 0).fill(-1);
  const idOf = (i: number) => {
    const group = toGroup(fieldValue(table, field, i, path), table.lines[i], field, path);
    let id = ids.get(group);
    if (id === undefined) ids.set(group, (id = ids.size));
    return id;
  };
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k];
    const code = codes ? codes[i] : -1;
    if (code < 0) groups[k] = idOf(i);
    else groups[k] = idOfCode[code] >= 0 ? idOfCode[code] : (idOfCode[code] = idOf(i));
  }
  return groups;
}

function pairwise(table: Table, rows: Int32Array, options: Options, path: string) {
  const verdicts = (field: string | null): Preference[] | null =>
    field === null ? null : Array.from(rows, (i) => toPreference(fieldValue(table, field, i, path), table.lines[i], field, path));
  return pairwiseReport({
    human: verdicts(options.human)!,
    judge: verdicts(options.judge)!,
    pass1: verdicts(options.pass1),
    pass2: verdicts(options.pass2),
  });
}

/** Indented JSON with arrays of plain values (intervals, matrix rows) kept on one line. */
function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\[\s+([^\[\]{}]*?)\s+\]/g, (_, inner: string) => `[${inner.replace(/\s+/g, " ")}]`);
}
