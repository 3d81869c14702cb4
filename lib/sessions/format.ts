// How session figures read on screen. Scores show as the seed rounds them (Python's round
// to two places); the figures themselves stay unrounded everywhere else.
import { pyRound } from "@/lib/judge";

/** A 0–1 score to two places, or an em dash when there is none. */
export function formatScore(score: number | null | undefined, digits = 2): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return "—";
  return pyRound(score, digits).toFixed(digits);
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
