// Command-line options of `concord agreement`, parsed with node:util parseArgs and checked
// before any file is read.
import { UsageError } from "./agreement-input.ts";
import { parseCliArgs } from "./parse-cli-args.ts";

export const USAGE = `usage:
  concord agreement --input FILE --human FIELD --judge FIELD [--group FIELD]
                    [--where FIELD=VALUE …] [--scale LO:HI] [--judge-cuts c1,c2,…]
  concord agreement --pairwise --input FILE --human FIELD --judge FIELD
                    [--pass1 FIELD --pass2 FIELD] [--where FIELD=VALUE …]
  concord agreement --alt-test …   can the judge replace a rater (--alt-test --help)
  concord agreement --ppi …        corrected quality estimate, PPI++ (--ppi --help)
  concord agreement --panel …      a panel of judges: vote, mean or median, n_eff (--panel --help)

Agreement between human ratings and a judge, from a JSONL or CSV file (chosen by the
extension .jsonl/.ndjson/.json or .csv/.tsv, otherwise by the first character). Prints one
JSON object on stdout; exits 1 with the reason on stderr on bad input.

Scores (default): n, and at dataset level Pearson r, Spearman ρ and Kendall τ-b with
scipy's two-sided p-values and 95 % intervals (Fisher z; standard errors 1/√(n−3),
Bonett–Wright √((1+ρ²/2)/(n−3)) and Fieller √(0.437/(n−4))).
  --group FIELD       also the group-level correlation: the coefficient within each group,
                      averaged over the groups where it is defined (neither side constant)
  --scale LO:HI       also Cohen's κ (unweighted, linear, quadratic; 95 % Wald intervals
                      with the Fleiss–Cohen–Everitt variance) on the integer levels LO..HI:
                      human values rounded half up and clipped to the scale
  --judge-cuts c1,…   the judge's level is LO + the number of cut-offs at or below its
                      score (at most HI−LO ascending cut-offs); without it the judge value
                      is rounded and clipped like the human's

Pairwise (--pairwise): verdicts model_a, tie, model_b (also A, TIE, B; any case). Prints
agreement with and without ties, position consistency of the passes (pass 2 already mapped
back to A/B), accuracy of each pass, and κ on model_a < tie < model_b.

Both modes:
  --where FIELD=VALUE keep rows whose FIELD equals VALUE (as text); repeat a field to
                      accept several values, give several fields to require all
Rows whose human or judge value is null or empty (an empty CSV cell) are not rated: they
are skipped and counted in n_skipped. A field absent from the file or from a JSONL line, a
non-numeric score, an unknown verdict, or a group or pass value missing on a rated row is
an error naming the line and field.`;

export type Options = {
  input: string;
  human: string;
  judge: string;
  group: string | null;
  where: Map<string, Set<string>>;
  scale: { lo: number; hi: number } | null;
  judgeCuts: number[] | null;
  pairwise: boolean;
  pass1: string | null;
  pass2: string | null;
};

export function parseOptions(args: string[]): Options | "help" {
  const values = parseCliArgs(
    args,
    {
      input: { type: "string" },
      human: { type: "string" },
      judge: { type: "string" },
      group: { type: "string" },
      where: { type: "string", multiple: true },
      scale: { type: "string" },
      "judge-cuts": { type: "string" },
      pairwise: { type: "boolean" },
      pass1: { type: "string" },
      pass2: { type: "string" },
    },
    ["input", "human", "judge"],
  );
  if (values === "help") return "help";
  const pairwise = values.pairwise ?? false;
  const misplaced = pairwise
    ? (["group", "scale", "judge-cuts"] as const).filter((name) => values[name] !== undefined)
    : (["pass1", "pass2"] as const).filter((name) => values[name] !== undefined);
  if (misplaced.length > 0) {
    throw new UsageError(`--${misplaced[0]} ${pairwise ? "is not used with" : "needs"} --pairwise`);
  }
  const scale = values.scale === undefined ? null : parseScale(values.scale);
  const judgeCuts = values["judge-cuts"] === undefined ? null : parseCuts(values["judge-cuts"], scale);
  return {
    input: values.input!,
    human: values.human!,
    judge: values.judge!,
    group: values.group ?? null,
    where: parseWhere(values.where ?? []),
    scale,
    judgeCuts,
    pairwise,
    pass1: values.pass1 ?? null,
    pass2: values.pass2 ?? null,
  };
}

export function parseScale(text: string): { lo: number; hi: number } {
  const match = /^\s*(-?\d+)\s*:\s*(-?\d+)\s*$/.exec(text);
  if (!match) throw new UsageError(`--scale must be LO:HI with integers, got "${text}"`);
  const lo = Number(match[1]);
  const hi = Number(match[2]);
  if (!(lo < hi)) throw new UsageError(`--scale needs LO < HI, got "${text}"`);
  return { lo, hi };
}

export function parseCuts(text: string, scale: { lo: number; hi: number } | null): number[] {
  if (!scale) throw new UsageError("--judge-cuts needs --scale");
  const cuts = text.split(",").map((part) => (part.trim() === "" ? NaN : Number(part)));
  if (cuts.some((c) => !Number.isFinite(c))) throw new UsageError(`--judge-cuts must be numbers separated by commas, got "${text}"`);
  if (cuts.some((c, i) => i > 0 && c <= cuts[i - 1])) throw new UsageError(`--judge-cuts must be ascending, got "${text}"`);
  if (cuts.length > scale.hi - scale.lo) {
    throw new UsageError(`--judge-cuts gives ${cuts.length} cut-offs, the scale ${scale.lo}:${scale.hi} takes at most ${scale.hi - scale.lo}`);
  }
  return cuts;
}

export function parseWhere(clauses: string[]): Map<string, Set<string>> {
  const where = new Map<string, Set<string>>();
  for (const clause of clauses) {
    const at = clause.indexOf("=");
    if (at <= 0) throw new UsageError(`--where must be FIELD=VALUE, got "${clause}"`);
    const field = clause.slice(0, at);
    const accepted = where.get(field) ?? new Set<string>();
    accepted.add(clause.slice(at + 1));
    where.set(field, accepted);
  }
  return where;
}
