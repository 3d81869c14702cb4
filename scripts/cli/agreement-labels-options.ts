// Command-line options of `concord agreement --task binary|categorical|multilabel`,
// checked before any file is read.
import { UsageError } from "./agreement-input.ts";
import { parseWhere } from "./agreement-options.ts";
import { parseCliArgs } from "./parse-cli-args.ts";

export type LabelTask = "binary" | "categorical" | "multilabel";

export const LABELS_USAGE = `usage:
  concord agreement --task categorical --input FILE --human FIELD --judge FIELD [--where FIELD=VALUE …]
  concord agreement --task binary --positive LABEL --input FILE --human FIELD --judge FIELD [--where …]
  concord agreement --task multilabel --input FILE --human FIELD --judge FIELD [--where …]

Agreement of the judge's labels with the human's (the human side is the truth), as
scikit-learn 1.2 computes it with zero_division=0 (a 0/0 ratio is 0). Prints one JSON
object on stdout; exits 1 with the reason on stderr on bad input.

Labels are text and compare exactly, with no trimming or case folding: a JSON number or
boolean stands for its JSON text (1 → "1", true → "true"; as JavaScript reads numbers,
1.0 is "1"). Classes and macro averages run
over the labels either side uses, ordered by code point (scikit-learn's order: "1" < "10"
< "2"); support counts the human side. Rows where either value is null, blank or absent
are dropped and counted in n_dropped; no row left is an error.

categorical: n, n_dropped, accuracy, macro_f1, micro_f1, weighted_f1, kappa {unweighted}
  (Cohen's κ, null when both sides use one class), per_class {label: {precision, recall,
  f1, support}}, confusion {labels, matrix} (rows human, columns judge).
binary: a value equal to --positive is positive, any other value negative. n, n_dropped,
  positive, accuracy, precision, recall, f1, specificity (recall of the negatives),
  balanced_accuracy (mean recall over the classes the human uses), mcc (0 when a side
  uses one class, as scikit-learn), kappa {unweighted}, prevalence_human, prevalence_judge,
  tp, fp, fn, tn, confusion {labels: [0, 1], matrix: [[tn, fp], [fn, tp]]} (1 = positive).
multilabel: each value is a set of labels: a JSON array (["a", "b"]; [] is the empty set),
  or text "a|b|c" (in CSV, or a JSONL string); text starting with "[" is read as a JSON
  array, so an empty set in CSV is the cell [] (a blank cell is missing). A label repeated
  in a set counts once. n, n_dropped, labels, macro_f1, micro_f1 (F1 of the label columns),
  hamming_loss, subset_accuracy (both sets equal), jaccard_samples (mean |T∩P|/|T∪P|, an
  item with two empty sets counting 0, as scikit-learn), per_label {label: {precision,
  recall, f1, support}}.

  --positive LABEL    binary only, required: the label that counts as positive
  --where FIELD=VALUE keep rows whose FIELD equals VALUE (as text); repeat a field to
                      accept several values, give several fields to require all`;

export type LabelsOptions = {
  task: LabelTask;
  input: string;
  human: string;
  judge: string;
  positive: string | null;
  where: Map<string, Set<string>>;
};

export function isLabelTask(task: string): task is LabelTask {
  return task === "binary" || task === "categorical" || task === "multilabel";
}

export function parseLabelsOptions(args: string[], task: string): LabelsOptions | "help" {
  if (!isLabelTask(task)) throw new UsageError(`--task must be binary, categorical or multilabel here, got "${task}"`);
  const values = parseCliArgs(
    args,
    {
      input: { type: "string" },
      human: { type: "string" },
      judge: { type: "string" },
      positive: { type: "string" },
      where: { type: "string", multiple: true },
    },
    ["input", "human", "judge"],
  );
  if (values === "help") return "help";
  const positive = values.positive ?? null;
  if (task === "binary" && positive === null) {
    throw new UsageError("--task binary needs --positive LABEL: the label that counts as positive (every other label is negative)");
  }
  if (task !== "binary" && positive !== null) throw new UsageError(`--positive applies to --task binary only, not ${task}`);
  if (positive !== null && positive.trim() === "") throw new UsageError("--positive must be a label, got a blank value");
  return { task, input: values.input!, human: values.human!, judge: values.judge!, positive, where: parseWhere(values.where ?? []) };
}
