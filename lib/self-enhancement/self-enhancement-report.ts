import type { SelfEnhancement } from "./self-enhancement";

/** A model that wrote rated answers in the scope, and whether it is of the judge's family. */
export type GeneratorCount = { model: string; family: string | null; n: number; isOwn: boolean };

/**
 * What `GET /api/v1/agreement/self-enhancement` returns and the report's section reads. The
 * section is shown only when `figures` is not null: the scope's judge has a known model
 * family and at least one rated answer in scope was written by a model of that family.
 */
export type SelfEnhancementReport = {
  judge: { id: number; name: string; version: string; model: string | null; family: string | null; familyLabel: string | null } | null;
  generators: GeneratorCount[];
  /** Rated items whose answer names no generator model, or one of no known family: left out. */
  nWithoutModel: number;
  nUnknownFamily: number;
  figures: SelfEnhancement | null;
};

const LEVELS = (value: number) => `${Math.abs(value).toFixed(2)} ${Math.abs(value) === 1 ? "level" : "levels"}`;
const signed = (value: number) => value.toFixed(2).replace(/^-/, "\u2212");

/**
 * The plain reading: "This judge scores its own family's answers 0.31 levels higher than
 * people do [0.12, 0.50]", or lower, or "as people do", with what the interval says.
 */
export function selfEnhancementSentence(figures: SelfEnhancement): string {
  const { value, ci } = figures.difference;
  if (value === null) return "The judge's own family or the other families have no rated answer here, so the two gaps cannot be compared.";
  const interval = ci ? ` [${signed(ci[0])}, ${signed(ci[1])}]` : "";
  const size = Math.abs(value) < 0.005 ? "as people do" : `${LEVELS(value)} ${value > 0 ? "higher" : "lower"} than people do`;
  const reading =
    figures.verdict === "favours"
      ? "it favours its own family"
      : figures.verdict === "disfavours"
        ? "it is harder on its own family"
        : figures.verdict === "inconclusive"
          ? "the interval holds 0, so this may be chance"
          : "too few sessions for an interval";
  return `This judge scores its own family's answers ${size}${interval}: ${reading}.`;
}
