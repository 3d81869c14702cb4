import type { Interval } from "@/lib/stats";
import { fleissKappa } from "@/lib/stats/fleiss-kappa";
import { gwetAc } from "@/lib/stats/gwet-ac";
import { krippendorffAlpha, type Rating } from "@/lib/stats/krippendorff-alpha";
import type { ChanceCorrectedResult } from "@/lib/stats/chance-corrected";
import type { TaskCriterion, TaskValue } from "./task-data";

// How much the raters agree with each other on a criterion: Fleiss' κ, Gwet's AC1 (AC2 for
// numbers) and Krippendorff's α at the criterion's level of measurement.

/**
 * Above this many distinct numbers the weighted κ and AC2 are left out: their tables grow
 * with the square of the distinct values, and on a fine scale α and the ICC say the same.
 */
export const MAX_WEIGHTED_VALUES = 100;

export type Coefficient = { value: number | null; ci: Interval | null };

export type HumanCoefficients = {
  /** units with two or more ratings, the ones agreement is measured on */
  nUnits: number;
  fleissKappa: Coefficient;
  /** AC1 for labels, AC2 with quadratic weights for numbers */
  gwet: Coefficient;
  krippendorffAlpha: number | null;
};

export type HumanAgreement =
  | { type: "binary" | "categorical"; overall: HumanCoefficients }
  /** each label as its own yes/no question (was it chosen?) */
  | { type: "multilabel"; perLabel: (HumanCoefficients & { label: string })[] }
  /** κ and AC2 weigh disagreements by the squared distance; null above MAX_WEIGHTED_VALUES distinct values */
  | { type: "numeric"; overall: HumanCoefficients; isWeightedSkipped: boolean };

/**
 * The ratings as a table `slots[j][unit]`, the unit's j-th rating in slot j. Fleiss' κ,
 * Gwet's AC and Krippendorff's α depend only on how many ratings each unit got in each
 * category, not on who gave them, so this table gives the same values as one row per rater
 * (with gaps) and stays as small as the most-rated unit allows.
 */
export function ratingSlots<T extends Rating>(grouped: readonly (readonly T[])[]): T[][] {
  const depth = Math.max(0, ...grouped.map((values) => values.length));
  return Array.from({ length: depth }, (_, j) => grouped.map((values) => (j < values.length ? values[j] : (null as T))));
}

const coefficient = (result: ChanceCorrectedResult): Coefficient => ({ value: result.value, ci: result.ci });
const none: Coefficient = { value: null, ci: null };

function pairedUnits(grouped: readonly (readonly unknown[])[]): number {
  return grouped.filter((values) => values.length >= 2).length;
}

function nominal(grouped: readonly (readonly string[])[], declared: readonly string[]): HumanCoefficients {
  const nUnits = pairedUnits(grouped);
  if (nUnits === 0) return { nUnits, fleissKappa: none, gwet: none, krippendorffAlpha: null };
  const slots = ratingSlots(grouped);
  // The declared labels count as possible answers even when nobody used them (q in AC1).
  const categories = [...new Set([...declared, ...grouped.flat()])];
  return {
    nUnits,
    fleissKappa: coefficient(fleissKappa(slots, { categories })),
    gwet: coefficient(gwetAc(slots, { categories })),
    krippendorffAlpha: krippendorffAlpha(slots, "nominal").value,
  };
}

function numeric(grouped: readonly (readonly number[])[]): HumanAgreement {
  const nUnits = pairedUnits(grouped);
  if (nUnits === 0) return { type: "numeric", overall: { nUnits, fleissKappa: none, gwet: none, krippendorffAlpha: null }, isWeightedSkipped: false };
  const slots = ratingSlots(grouped);
  const distinct = new Set(grouped.flat()).size;
  const isWeightedSkipped = distinct > MAX_WEIGHTED_VALUES;
  const weighted = (compute: typeof fleissKappa) => (isWeightedSkipped ? none : coefficient(compute(slots, { weights: "quadratic" })));
  return {
    type: "numeric",
    overall: { nUnits, fleissKappa: weighted(fleissKappa), gwet: weighted(gwetAc), krippendorffAlpha: krippendorffAlpha(slots, "interval").value },
    isWeightedSkipped,
  };
}

/** Human–human agreement of the units' ratings (`grouped[unit]`), by the criterion's type. */
export function humanAgreement(criterion: TaskCriterion, grouped: readonly TaskValue[][], labels: readonly string[]): HumanAgreement {
  switch (criterion.type) {
    case "binary":
    case "categorical":
      return { type: criterion.type, overall: nominal(grouped as string[][], criterion.labels) };
    case "multilabel":
      return {
        type: "multilabel",
        perLabel: labels.map((label) => ({
          label,
          ...nominal(
            (grouped as string[][][]).map((sets) => sets.map((set) => (set.includes(label) ? "yes" : "no"))),
            ["no", "yes"],
          ),
        })),
      };
    case "numeric":
      return numeric(grouped as number[][]);
  }
}
