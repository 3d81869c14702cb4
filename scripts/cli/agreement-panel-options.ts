// Command-line options of `concord agreement --panel`, checked before any file is read.
import type { PanelAggregate } from "../../lib/stats/panel.ts";
import { UsageError } from "./agreement-input.ts";
import { parseScale, parseWhere } from "./agreement-options.ts";
import { parseCliArgs } from "./parse-cli-args.ts";

export type PanelTask = "categorical" | "binary" | "numeric" | "ordinal";

export const PANEL_USAGE = `usage:
  concord agreement --panel --input FILE --human FIELD --judge F1,F2[,…] --aggregate vote|mean|median
                    [--task categorical|binary|numeric|ordinal] [--positive LABEL] [--scale LO:HI]
                    [--where FIELD=VALUE …]

A panel of judges (the --judge columns, two or more, in order) against the human value, from
a JSONL or CSV file. Prints one JSON object on stdout; exits 1 with the reason on stderr on
bad input.

--task (default ordinal, as in \`concord agreement\`) says how values read and which
aggregates apply:
  categorical, binary  --aggregate vote: the label most members gave; on a tie, the tied
                       label given by the earliest-listed member. Labels compare as strings
                       (as --task categorical reads them). binary needs --positive: a value
                       equal to it is positive, any other negative, and the vote and the
                       errors are on those two classes.
  numeric, ordinal     --aggregate mean (arithmetic) or median (the mean of the middle two
                       with an even number of members). Values must be numbers.

Rows where the human value or any member's value is null, blank or absent are dropped and
counted in n_dropped (n_not_matching counts rows outside --where).

Output: n, n_dropped, task, aggregate; panel: the aggregated value against the human, the
same block of figures the single-judge command prints after its counts —
  categorical, binary  \`concord agreement --task categorical|binary\` (accuracy, macro_f1,
                       kappa {unweighted}, …; binary: precision, recall, f1, mcc, …)
  numeric              \`concord agreement --task numeric\` (pearson, spearman,
                       kendall_tau_b, mae, rmse, ccc, icc, icc_ci95)
  ordinal              \`concord agreement\` (dataset_level {pearson, spearman,
                       kendall_tau_b, p-values, intervals}; with --scale LO:HI also kappa,
                       the panel's value rounded half up and clipped like any judge value)
members: that block for each member, keyed by column name; error_correlation {judges,
matrix}: the Pearson correlation of each pair of members' errors (1/0 for "member ≠ human"
with labels, member − human with numbers; null where either error is constant);
n_pairs_used; mean_error_correlation: the mean over the pairs with a correlation (null if
none); n_eff = k / (1 + (k − 1) · mean_error_correlation) for k members, the effective number
of independent judges (null without a pair, or when the denominator is not positive).

  --where FIELD=VALUE keep rows whose FIELD equals VALUE (as text); repeat a field to
                      accept several values, give several fields to require all`;

export type PanelOptions = {
  input: string;
  human: string;
  judges: string[];
  aggregate: PanelAggregate;
  task: PanelTask;
  positive: string | null;
  scale: { lo: number; hi: number } | null;
  where: Map<string, Set<string>>;
};

const TASKS: Record<PanelTask, readonly PanelAggregate[]> = {
  categorical: ["vote"],
  binary: ["vote"],
  numeric: ["mean", "median"],
  ordinal: ["mean", "median"],
};

export function parsePanelOptions(args: string[]): PanelOptions | "help" {
  const values = parseCliArgs(
    args,
    {
      input: { type: "string" },
      human: { type: "string" },
      judge: { type: "string" },
      aggregate: { type: "string" },
      task: { type: "string" },
      positive: { type: "string" },
      scale: { type: "string" },
      where: { type: "string", multiple: true },
    },
    ["input", "human", "judge", "aggregate"],
  );
  if (values === "help") return "help";
  const task = (values.task ?? "ordinal") as PanelTask;
  if (!(task in TASKS)) throw new UsageError(`--task must be one of categorical, binary, numeric, ordinal with --panel, got "${task}"`);
  const aggregate = values.aggregate as PanelAggregate;
  if (!["vote", "mean", "median"].includes(aggregate)) throw new UsageError(`--aggregate must be vote, mean or median, got "${aggregate}"`);
  const allowed = TASKS[task];
  if (!allowed.includes(aggregate)) {
    const tasks = (Object.keys(TASKS) as PanelTask[]).filter((t) => TASKS[t].includes(aggregate)).join(" or ");
    throw new UsageError(`--aggregate ${aggregate} applies to --task ${tasks}; with --task ${task} use --aggregate ${allowed.join(" or ")}`);
  }
  const positive = values.positive ?? null;
  if (task === "binary" && positive === null) throw new UsageError("--task binary needs --positive LABEL: the label that counts as positive");
  if (task !== "binary" && positive !== null) throw new UsageError(`--positive applies to --task binary only, not ${task}`);
  if (positive !== null && positive.trim() === "") throw new UsageError("--positive must be a label, got a blank value");
  if (values.scale !== undefined && task !== "ordinal") throw new UsageError(`--scale applies to --task ordinal only, not ${task}`);
  return {
    input: values.input!,
    human: values.human!,
    judges: parseJudges(values.judge!, values.human!),
    aggregate,
    task,
    positive,
    scale: values.scale === undefined ? null : parseScale(values.scale),
    where: parseWhere(values.where ?? []),
  };
}

/** F1,F2,…: two or more distinct columns, none of them the human's. */
function parseJudges(text: string, human: string): string[] {
  const judges = text.split(",");
  if (judges.some((judge) => judge.trim() === "")) throw new UsageError(`--judge must be column names separated by commas, got "${text}"`);
  if (judges.length < 2) throw new UsageError(`--judge must name at least 2 columns for a panel, got "${text}"`);
  const repeated = judges.find((judge, i) => judges.indexOf(judge) !== i);
  if (repeated !== undefined) throw new UsageError(`--judge names column "${repeated}" twice, in "${text}"`);
  if (judges.includes(human)) throw new UsageError(`--judge names the --human column "${human}"`);
  return judges;
}
