// How session figures read on screen. Scores show as the seed rounds them (Python's round
// to two places); the figures themselves stay unrounded everywhere else.
import { pyRound, type QualityCutoffs } from "@/lib/judge";
import { levelOfScore } from "@/lib/thresholds/levels";

/** A 0–1 score to two places, or an em dash when there is none. */
export function formatScore(score: number | null | undefined, digits = 2): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return "—";
  return pyRound(score, digits).toFixed(digits);
}

/**
 * A score shown beside its quality level: two places, or as many more (up to six) as it
 * takes for the shown number to fall on the same side of every cut-off as the score itself,
 * so 0.4989 under a 0.50 cut-off reads "0.499", never "0.50" beside "Poor"; closer still,
 * six places cut off rather than rounded.
 */
export function formatScoreBesideLevel(score: number | null | undefined, cutoffs: QualityCutoffs): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return "—";
  const level = levelOfScore(score, cutoffs);
  for (let digits = 2; digits <= 6; digits++) {
    if (levelOfScore(pyRound(score, digits), cutoffs) === level) return formatScore(score, digits);
  }
  // Closer to a cut-off than a millionth: cut the digits off instead of rounding up onto it.
  return (Math.floor(score * 1e6) / 1e6).toFixed(6);
}

/** A share as a whole percentage ("25 %"); "—" when the whole is zero. */
export function formatPercent(part: number, whole: number): string {
  if (whole <= 0) return "—";
  return `${Math.round((part / whole) * 100)} %`;
}

/** The first `max` characters of a text on one line, cut at a word where possible. */
export function excerpt(text: string | null | undefined, max = 140): string {
  if (!text) return "";
  const line = text.replace(/\s+/g, " ").trim();
  const characters = Array.from(line);
  if (characters.length <= max) return line;
  const cut = characters.slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "4 turns", "1 turn". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}
