// Command-line options of `concord agreement --alt-test`, parsed with node:util parseArgs and
// checked before any file is read.
import type { AltTestAlignment } from "../../lib/stats/alt-test.ts";
import { UsageError } from "./agreement-input.ts";
import { parseCliArgs } from "./parse-cli-args.ts";

export const USAGE = `usage:
  concord agreement --alt-test --input FILE --item FIELD --rater FIELD --human FIELD
                    --judge FIELD --epsilon E --alignment accuracy|neg_rmse
                    [--q 0.05] [--min-raters 2] [--min-items 30]

The Alternative Annotator Test (Calderon, Reichart & Dror, ACL 2025), as the authors' code
computes it: may the judge replace the human raters? Rows (JSONL or CSV) are one per item and
rater, with the rater's value in --human and the judge's value for the item in --judge.
Items rated by the judge and at least --min-raters humans are used. Each rater with at least
--min-items such items is left out in turn, and the judge and that rater are scored against
the others (accuracy: share of equal labels; neg_rmse: minus the root mean squared
difference). A one-sided t-test per rater asks whether the judge is better than the rater
by more than −ε; Benjamini–Yekutieli at --q picks the raters the judge "wins" against.
Prints one JSON object: winning_rate (won / tested), advantage_probability (mean share of
items where the judge does at least as well as the rater), passed (winning_rate ≥ 0.5),
and per rater n_items, p_value, won, judge_advantage and skipped (null or the reason).

  --epsilon E       the allowance ε; the paper suggests 0.2 for experts, 0.15 for skilled
                    raters, 0.1 for crowd workers
  --alignment A     accuracy (labels equal as numbers when both are numeric, else as text)
                    or neg_rmse (numeric values)
  --q Q             false discovery rate of Benjamini–Yekutieli (default 0.05)
  --min-raters K    humans an item needs to be used (default 2)
  --min-items N     used items a rater needs to be tested (default 30)

A row whose human value is null or empty is skipped and counted in n_skipped. A null, empty
or absent judge value means the judge did not rate the item; rows of one item giving two
different judge values, a rater rating an item twice, and a non-numeric value under
neg_rmse are errors naming the line and field. Exits 1 when no rater can be tested.`;

export type AltTestCliOptions = {
  input: string;
  item: string;
  rater: string;
  human: string;
  judge: string;
  epsilon: number;
  alignment: AltTestAlignment;
  q: number;
  minRaters: number;
  minItems: number;
};

export function parseAltTestOptions(args: string[]): AltTestCliOptions | "help" {
  const values = parseCliArgs(
    args,
    {
      input: { type: "string" },
      item: { type: "string" },
      rater: { type: "string" },
      human: { type: "string" },
      judge: { type: "string" },
      epsilon: { type: "string" },
      alignment: { type: "string" },
      q: { type: "string" },
      "min-raters": { type: "string" },
      "min-items": { type: "string" },
    },
    ["input", "item", "rater", "human", "judge", "epsilon", "alignment"],
  );
  if (values === "help") return "help";
  const alignment = values.alignment!;
  if (alignment !== "accuracy" && alignment !== "neg_rmse") {
    throw new UsageError(`--alignment must be accuracy or neg_rmse, got "${alignment}"`);
  }
  const q = values.q === undefined ? 0.05 : parseNumber("q", values.q);
  if (!(q > 0 && q <= 1)) throw new UsageError(`--q must be in (0, 1], got "${values.q}"`);
  return {
    input: values.input!,
    item: values.item!,
    rater: values.rater!,
    human: values.human!,
    judge: values.judge!,
    epsilon: parseNumber("epsilon", values.epsilon!),
    alignment,
    q,
    minRaters: parseCount("min-raters", values["min-raters"], 2),
    minItems: parseCount("min-items", values["min-items"], 30),
  };
}

function parseNumber(name: string, text: string): number {
  const number = text.trim() === "" ? NaN : Number(text);
  if (!Number.isFinite(number)) throw new UsageError(`--${name} must be a number, got "${text}"`);
  return number;
}

function parseCount(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\s*\d+\s*$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a whole number ≥ 1, got "${text}"`);
  return Number(text);
}
