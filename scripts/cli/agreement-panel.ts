// `concord agreement --panel`: a panel of judges (columns of one file) aggregated by vote,
// mean or median, against the human value; each member's figures beside the panel's, the
// correlation of their errors and the effective number of judges. See PANEL_USAGE.
import {
  effectiveJudges,
  errorCorrelation,
  labelErrors,
  meanAggregate,
  medianAggregate,
  numericErrors,
  voteAggregate,
} from "../../lib/stats/panel.ts";
import { checkFieldsExist, hasValueAt, matchesWhere, numberAt, numberOnly, valueAt } from "./agreement-fields.ts";
import { InputError, readTable, type Table } from "./agreement-input.ts";
import { binaryFigures, categoricalFigures, formatJson } from "./agreement-labels.ts";
import { toLabel } from "./agreement-labels-values.ts";
import { numericFigures } from "./agreement-numeric.ts";
import { PANEL_USAGE, parsePanelOptions, type PanelOptions } from "./agreement-panel-options.ts";
import { scoreReport } from "./agreement-report.ts";
import { runMode } from "./run-mode.ts";

export async function run(args: string[]): Promise<number> {
  return runMode("concord agreement --panel", PANEL_USAGE, () => panelReport(args), formatJson);
}

/** The object `run` prints, from the arguments after --panel, or "help". Bad input throws InputError. */
export function panelReport(args: string[]): Record<string, unknown> | "help" {
  const options = parsePanelOptions(args);
  return options === "help" ? "help" : buildReport(options);
}

type Kept = { table: Table; rows: number[]; nDropped: number; nNotMatching: number };

function buildReport(options: PanelOptions): Record<string, unknown> {
  const { table, rows, nDropped, nNotMatching } = keptRows(options);
  const counts: Record<string, unknown> = { n: rows.length, n_dropped: nDropped };
  if (options.where.size > 0) counts.n_not_matching = nNotMatching;
  const figures = options.task === "categorical" || options.task === "binary" ? labelPanel(table, rows, options) : numberPanel(table, rows, options);
  const k = options.judges.length;
  const correlation = errorCorrelation(figures.errors);
  return {
    ...counts,
    task: options.task,
    aggregate: options.aggregate,
    panel: figures.panel,
    members: Object.fromEntries(options.judges.map((judge, m) => [judge, figures.members[m]])),
    error_correlation: { judges: options.judges, matrix: correlation.matrix },
    n_pairs_used: correlation.nPairs,
    mean_error_correlation: correlation.mean,
    n_eff: effectiveJudges(k, correlation.mean),
  };
}

/** Rows passing --where with every value present; a null, blank or absent value drops the row. */
function keptRows(options: PanelOptions): Kept {
  const { input: path, human, judges, where } = options;
  const fields = [human, ...judges];
  const isLabelTask = options.task === "categorical" || options.task === "binary";
  const table = readTable(path, [...fields, ...where.keys()], isLabelTask ? [] : numberOnly(fields, where));
  checkFieldsExist(table, path, [...fields, ...where.keys()]);
  const rows: number[] = [];
  let nNotMatching = 0;
  for (let i = 0; i < table.length; i++) {
    if (!matchesWhere(table, i, where)) nNotMatching++;
    else if (fields.every((field) => hasValueAt(table, field, i))) rows.push(i);
  }
  if (rows.length === 0) {
    const scope = where.size > 0 ? `of the ${table.length - nNotMatching} rows matching --where` : `of its ${table.length} rows`;
    throw new InputError(`${path}: no row to compare: none ${scope} has a value in every one of "${fields.join('", "')}"`);
  }
  return { table, rows, nDropped: table.length - nNotMatching - rows.length, nNotMatching };
}

type Figures = { panel: Record<string, unknown>; members: Record<string, unknown>[]; errors: Float64Array[] };

function labelPanel(table: Table, rows: number[], options: PanelOptions): Figures {
  const { task, positive, input: path } = options;
  // Binary: a label is its class, the positive label or "" (negative; --positive is never blank).
  const read = (field: string) =>
    rows.map((i) => {
      const label = toLabel(valueAt(table, field, i), task, { line: table.lines[i], field, path });
      return positive === null || label === positive ? label : "";
    });
  const figures = (human: string[], judge: string[]) =>
    positive === null ? categoricalFigures(human, judge) : binaryFigures(human, judge, positive);
  const human = read(options.human);
  const members = options.judges.map(read);
  return {
    panel: figures(human, voteAggregate(members)),
    members: members.map((member) => figures(human, member)),
    errors: members.map((member) => labelErrors(human, member)),
  };
}

function numberPanel(table: Table, rows: number[], options: PanelOptions): Figures {
  const read = (field: string) => Float64Array.from(rows, (i) => numberAt(table, field, i, options.input));
  const human = read(options.human);
  const members = options.judges.map(read);
  const panel = options.aggregate === "median" ? medianAggregate(members) : meanAggregate(members);
  const figures = (judge: Float64Array): Record<string, unknown> => {
    if (options.task === "numeric") return numericFigures(human, judge);
    const scale = options.scale && { ...options.scale, judgeCuts: null };
    const { n: _n, ...block } = scoreReport({ human, judge, groups: null }, scale);
    return block;
  };
  return {
    panel: figures(panel),
    members: members.map(figures),
    errors: members.map((member) => numericErrors(human, member)),
  };
}
