// `concord agreement --task binary|categorical|multilabel`: a judge's labels against human
// labels, figures as scikit-learn's, printed as one JSON object. See LABELS_USAGE in
// agreement-labels-options.ts.
import { binaryMetrics } from "../../lib/stats/binary-metrics.ts";
import { categoricalMetrics } from "../../lib/stats/categorical-metrics.ts";
import type { ClassScore } from "../../lib/stats/class-scores.ts";
import { multilabelMetrics } from "../../lib/stats/multilabel-metrics.ts";
import { checkFieldsExist, hasValueAt, matchesWhere, valueAt } from "./agreement-fields.ts";
import { InputError, UsageError, readTable } from "./agreement-input.ts";
import { LABELS_USAGE, parseLabelsOptions, type LabelsOptions } from "./agreement-labels-options.ts";
import { toLabel, toLabelSet } from "./agreement-labels-values.ts";
import { runMode } from "./run-mode.ts";

export async function run(args: string[], task: string): Promise<number> {
  return runMode(
    `concord agreement --task ${task}`,
    LABELS_USAGE,
    () => {
      const options = parseLabelsOptions(args, task);
      if (options === "help") return "help";
      const report = buildReport(options);
      if (options.task === "binary" && report.tp === 0 && report.fp === 0 && report.fn === 0) {
        // Most likely a typo or a different spelling ("Yes", "1.0"): say so, but report anyway.
        process.stderr.write(
          `concord agreement: warning: --positive "${options.positive}" equals no value of "${options.human}" or "${options.judge}"; every row counts as negative\n`,
        );
      }
      return report;
    },
    formatJson,
  );
}

/**
 * The object `run` prints, from the command's arguments (without --task) and the task, for
 * callers such as `concord gate`. Bad input throws InputError, as in `run`.
 */
export function labelsReport(args: string[], task: string): Record<string, unknown> {
  const options = parseLabelsOptions(args, task);
  if (options === "help") throw new UsageError("--help is not an option of the label report");
  return buildReport(options);
}

function buildReport(options: LabelsOptions): Record<string, unknown> {
  const { input: path, human, judge } = options;
  const fields = [human, judge, ...options.where.keys()];
  const table = readTable(path, fields);
  checkFieldsExist(table, path, fields);
  const rated: number[] = [];
  let nKept = 0;
  for (let i = 0; i < table.length; i++) {
    if (!matchesWhere(table, i, options.where)) continue;
    nKept++;
    if (hasValueAt(table, human, i) && hasValueAt(table, judge, i)) rated.push(i);
  }
  if (rated.length === 0) {
    const rows = options.where.size > 0 ? `of the ${nKept} rows matching --where` : `of its ${nKept} rows`;
    throw new InputError(`${path}: no row to compare: none ${rows} has both a "${human}" and a "${judge}" value`);
  }
  const counts: Record<string, number> = { n: rated.length, n_dropped: nKept - rated.length };
  if (options.where.size > 0) counts.n_not_matching = table.length - nKept;
  const where = (i: number, field: string) => ({ line: table.lines[i], field, path });
  if (options.task === "multilabel") {
    const sets = (field: string) => rated.map((i) => toLabelSet(valueAt(table, field, i), where(i, field)));
    return { ...counts, ...multilabelFigures(sets(human), sets(judge)) };
  }
  const labels = (field: string) => rated.map((i) => toLabel(valueAt(table, field, i), options.task, where(i, field)));
  if (options.task === "binary") return { ...counts, ...binaryFigures(labels(human), labels(judge), options.positive!) };
  return { ...counts, ...categoricalFigures(labels(human), labels(judge)) };
}

/** The figures after the counts: the block `concord agreement --panel` prints per judge too. */
export function categoricalFigures(human: string[], judge: string[]) {
  const m = categoricalMetrics(human, judge);
  return {
    accuracy: m.accuracy,
    macro_f1: m.macroF1,
    micro_f1: m.microF1,
    weighted_f1: m.weightedF1,
    kappa: { unweighted: m.kappa },
    per_class: scoresByLabel(m.perClass),
    confusion: { labels: m.labels, matrix: m.matrix },
  };
}

/** The figures after the counts: the block `concord agreement --panel` prints per judge too. */
export function binaryFigures(human: string[], judge: string[], positive: string) {
  const m = binaryMetrics(human, judge, positive);
  return {
    positive,
    accuracy: m.accuracy,
    precision: m.precision,
    recall: m.recall,
    f1: m.f1,
    specificity: m.specificity,
    balanced_accuracy: m.balancedAccuracy,
    mcc: m.mcc,
    kappa: { unweighted: m.kappa },
    prevalence_human: m.prevalenceHuman,
    prevalence_judge: m.prevalenceJudge,
    tp: m.tp,
    fp: m.fp,
    fn: m.fn,
    tn: m.tn,
    // scikit-learn's confusion_matrix(human == positive, judge == positive): rows human.
    confusion: { labels: [0, 1], matrix: [[m.tn, m.fp], [m.fn, m.tp]] },
  };
}

function multilabelFigures(human: string[][], judge: string[][]) {
  const m = multilabelMetrics(human, judge);
  return {
    labels: m.labels,
    macro_f1: m.macroF1,
    micro_f1: m.microF1,
    hamming_loss: m.hammingLoss,
    subset_accuracy: m.subsetAccuracy,
    jaccard_samples: m.jaccardSamples,
    per_label: scoresByLabel(m.perLabel),
  };
}

/** {label: {precision, recall, f1, support}}; `labels` / `confusion.labels` keep the order. */
function scoresByLabel(scores: ClassScore[]) {
  return Object.fromEntries(scores.map(({ label, ...figures }) => [label, figures]));
}

/** Indented JSON, with arrays of plain values (labels, matrix rows) on one line. */
export function formatJson(value: unknown, indent = ""): string {
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) {
    return `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
  }
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  const entries = Array.isArray(value)
    ? value.map((item) => `${inner}${formatJson(item, inner)}`)
    : Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${formatJson(item, inner)}`);
  if (entries.length === 0) return Array.isArray(value) ? "[]" : "{}";
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${entries.join(",\n")}\n${indent}${close}`;
}
