// Command-line options of `concord agreement --ppi`, checked before any file is read.
import { UsageError } from "./agreement-input.ts";
import { parseCuts, parseScale, parseWhere } from "./agreement-options.ts";
import { parseCliArgs } from "./parse-cli-args.ts";

export const PPI_USAGE = `usage:
  concord agreement --ppi --input FILE --human FIELD --judge FIELD [--where FIELD=VALUE …]
                    [--alpha 0.05] [--scale LO:HI [--judge-cuts c1,c2,…]] [--pass-level V]

The mean human rating estimated by prediction-powered inference (PPI++, Angelopoulos,
Duchi & Zrnic 2024), as ppi_py's ppi_mean_pointestimate and ppi_mean_ci with the power-
tuned λ in [0, 1]: the judge's values on every row, corrected by the human values where
there are some. Prints one JSON object: ppi {mean, ci_low, ci_high, lambda}, human_only
{mean, ci_low, ci_high} (ppi_py's classical_mean_ci), judge_only {mean} (over every row),
n_labeled, n_unlabeled, n_dropped, alpha, and n_not_matching with --where. Intervals are
two-sided normal intervals at level 1 − alpha. A figure that is undefined is null: λ when
every judge value is the same (the interval is then the human-only one).

Rows whose human value is null, empty or absent are unlabeled; rows whose judge value is
null, empty or absent are dropped and counted in n_dropped. Both kinds must remain.
  --where FIELD=VALUE keep rows whose FIELD equals VALUE (as text); repeat a field to
                      accept several values, give several fields to require all
  --alpha A           error level in (0, 1); default 0.05 (95 % intervals)
  --scale LO:HI       work on the integer levels LO..HI: human values rounded half up and
                      clipped to the scale, the judge's too unless --judge-cuts is given
  --judge-cuts c1,…   the judge's level is LO + the number of cut-offs at or below its
                      score (at most HI−LO ascending cut-offs)
  --pass-level V      also pass_rate {ppi, human_only, judge_only}: the same estimates for
                      1[human ≥ V] with the judge's 1[judge ≥ V] (after --scale/--judge-cuts)`;

export type PpiOptions = {
  input: string;
  human: string;
  judge: string;
  where: Map<string, Set<string>>;
  alpha: number;
  scale: { lo: number; hi: number } | null;
  judgeCuts: number[] | null;
  passLevel: number | null;
};

export function parsePpiOptions(args: string[]): PpiOptions | "help" {
  const values = parseCliArgs(
    args,
    {
      input: { type: "string" },
      human: { type: "string" },
      judge: { type: "string" },
      where: { type: "string", multiple: true },
      alpha: { type: "string" },
      scale: { type: "string" },
      "judge-cuts": { type: "string" },
      "pass-level": { type: "string" },
    },
    ["input", "human", "judge"],
  );
  if (values === "help") return "help";
  const alpha = values.alpha === undefined ? 0.05 : parseNumber("--alpha", values.alpha);
  if (!(alpha > 0 && alpha < 1)) throw new UsageError(`--alpha must be in (0, 1), got "${values.alpha}"`);
  const scale = values.scale === undefined ? null : parseScale(values.scale);
  return {
    input: values.input!,
    human: values.human!,
    judge: values.judge!,
    where: parseWhere(values.where ?? []),
    alpha,
    scale,
    judgeCuts: values["judge-cuts"] === undefined ? null : parseCuts(values["judge-cuts"], scale),
    passLevel: values["pass-level"] === undefined ? null : parseNumber("--pass-level", values["pass-level"]),
  };
}

function parseNumber(flag: string, text: string): number {
  const value = text.trim() === "" ? NaN : Number(text);
  if (!Number.isFinite(value)) throw new UsageError(`${flag} must be a number, got "${text}"`);
  return value;
}
