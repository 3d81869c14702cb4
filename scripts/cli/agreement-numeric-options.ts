// Command-line options of `concord agreement --task numeric`, checked before any file is read.
import { UsageError } from "./agreement-input.ts";
import { parseWhere } from "./agreement-options.ts";
import { parseCliArgs } from "./parse-cli-args.ts";

export const NUMERIC_USAGE = `usage:
  concord agreement --task numeric --input FILE --human FIELD --judge FIELD [--where FIELD=VALUE …]

Agreement of a judge's numeric scores with human scores on the same scale, from a JSONL or
CSV file. Prints one JSON object: n (pairs used), n_dropped, pearson, spearman,
kendall_tau_b (scipy's coefficients), mae, rmse, ccc (Lin's concordance correlation, with
divisor n), icc {icc2_1, icc3_1} and icc_ci95 {icc2_1, icc3_1}: the intraclass
correlations of pingouin.intraclass_corr with the human and the judge as the two raters
of each row — ICC(A,1) (absolute agreement, random raters) and ICC(C,1) (consistency,
fixed raters) — and their 95 % F intervals; n_not_matching with --where. A figure that is
undefined is null (a constant side for the correlations, fewer than 2 pairs).

Rows whose human or judge value is null, empty or absent are dropped and counted in
n_dropped. A value that is not a number is an error naming the file, line and field.
  --where FIELD=VALUE keep rows whose FIELD equals VALUE (as text); repeat a field to
                      accept several values, give several fields to require all`;

export type NumericOptions = { input: string; human: string; judge: string; where: Map<string, Set<string>> };

export function parseNumericOptions(args: string[]): NumericOptions | "help" {
  const values = parseCliArgs(
    args,
    {
      input: { type: "string" },
      human: { type: "string" },
      judge: { type: "string" },
      where: { type: "string", multiple: true },
    },
    ["input", "human", "judge"],
  );
  if (values === "help") return "help";
  return { input: values.input!, human: values.human!, judge: values.judge!, where: parseWhere(values.where ?? []) };
}
