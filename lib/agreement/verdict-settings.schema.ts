import { z } from "zod";

// The bars a judge must clear, stored as JSON in the settings table and edited by admins on
// /settings/verdict: one schema for the stored value, one for the form.

export const VERDICT_SETTINGS_KEY = "agreement.verdict";

export const ALIGNMENTS = ["accuracy", "neg_rmse"] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/**
 * The alt-test's cost–benefit allowance ε (Calderon et al. 2025): how much worse than a
 * rater the judge may be, given that it is cheaper. The paper's values by kind of rater.
 */
export const EPSILON_PRESETS = [
  { value: 0.2, label: "Expert raters (ε = 0.2)" },
  { value: 0.15, label: "Skilled raters (ε = 0.15)" },
  { value: 0.1, label: "Crowd raters (ε = 0.1)" },
] as const;

export const criterionVerdictSchema = z.object({
  epsilon: z.number().gt(0, "Above 0").max(0.5, "At most 0.5"),
  /** accuracy: share of equal levels; neg_rmse: −RMSE, for levels read as numbers. */
  alignment: z.enum(ALIGNMENTS),
});
export type CriterionVerdictSettings = z.infer<typeof criterionVerdictSchema>;

export const verdictSettingsSchema = z.object({
  /** Bar of the judge–human quadratic-weighted κ. */
  kappaMin: z.number().min(-1, "At least −1").max(1, "At most 1"),
  /** Bar of the human–human Krippendorff α: below it the ratings themselves are too noisy to judge the judge. */
  alphaMin: z.number().min(-1, "At least −1").max(1, "At most 1"),
  /** Bar of the gap κ(judge–human) − α(human–human): how far below the humans the judge may sit. */
  gapMin: z.number().min(-2, "At least −2").max(2, "At most 2"),
  /** The half-width an interval should shrink to, for the labels planner. */
  targetHalfWidth: z.number().gt(0, "Above 0").max(1, "At most 1"),
  /** Quality level at or above which an item passes (3 = Good). */
  passLevel: z.number().int().min(1, "At least 1").max(10, "At most 10"),
  /** Crossed-bootstrap replicates. */
  replicates: z.number().int().min(200, "At least 200").max(20_000, "At most 20,000"),
  /** Per rating criterion ("overall", …); a criterion not listed takes `defaultCriterion`. */
  criteria: z.record(z.string().min(1).max(200), criterionVerdictSchema),
  defaultCriterion: criterionVerdictSchema,
});
export type VerdictSettings = z.infer<typeof verdictSettingsSchema>;

export const DEFAULT_VERDICT_SETTINGS: VerdictSettings = {
  kappaMin: 0.6,
  alphaMin: 0.667,
  gapMin: -0.1,
  targetHalfWidth: 0.05,
  passLevel: 3,
  replicates: 2000,
  criteria: {},
  defaultCriterion: { epsilon: 0.15, alignment: "neg_rmse" },
};

/** A stored value merged over the defaults; an older or broken one falls back to them. */
export function readVerdictSettings(stored: unknown): VerdictSettings {
  const merged = { ...DEFAULT_VERDICT_SETTINGS, ...(stored && typeof stored === "object" ? stored : {}) };
  const parsed = verdictSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_VERDICT_SETTINGS;
}

/** The alt-test settings of a criterion (null: several criteria in scope, the default applies). */
export function criterionSettings(settings: VerdictSettings, criterion: string | null): CriterionVerdictSettings {
  return (criterion !== null ? settings.criteria[criterion] : undefined) ?? settings.defaultCriterion;
}

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const formNumber = (schema: z.ZodNumber) => z.preprocess(blankToUndefined, z.coerce.number({ message: "Enter a number" }).pipe(schema));

/** The admin's form: the bars, and the ε and alignment of one criterion at a time. */
export const verdictSettingsFormSchema = z.object({
  kappaMin: formNumber(verdictSettingsSchema.shape.kappaMin),
  alphaMin: formNumber(verdictSettingsSchema.shape.alphaMin),
  gapMin: formNumber(verdictSettingsSchema.shape.gapMin),
  targetHalfWidth: formNumber(verdictSettingsSchema.shape.targetHalfWidth),
  passLevel: formNumber(verdictSettingsSchema.shape.passLevel),
  replicates: formNumber(verdictSettingsSchema.shape.replicates),
  criterion: z.preprocess(blankToUndefined, z.string().trim().min(1).max(200).optional()),
  epsilon: formNumber(criterionVerdictSchema.shape.epsilon),
  alignment: z.enum(ALIGNMENTS, { message: "Choose accuracy or −RMSE" }),
});
export type VerdictSettingsForm = z.infer<typeof verdictSettingsFormSchema>;

/** The stored settings after the form: the bars replaced, one criterion's ε and alignment set. */
export function applyVerdictForm(current: VerdictSettings, form: VerdictSettingsForm): VerdictSettings {
  const { criterion, epsilon, alignment, ...bars } = form;
  const perCriterion = { epsilon, alignment };
  return criterion === undefined
    ? { ...current, ...bars, defaultCriterion: perCriterion }
    : { ...current, ...bars, criteria: { ...current.criteria, [criterion]: perCriterion } };
}
