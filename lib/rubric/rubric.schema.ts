import { z } from "zod";
import { QUALITY_LEVELS } from "@/lib/thresholds/levels";

// The rubric raters rate against, as stored in rubric_versions.criteria (one JSON document
// per version) and as the editor, the server action and the queue read it. Its parts follow
// seed 001's "Generazione Rubriche": per criterion, level descriptions, observable
// characteristics, optional examples, edge cases with guidance, scoring guidelines and a
// strictness. The first criterion is always "overall": the judge's four quality levels, so
// human and judge levels can be compared directly.
//
// A criterion has a type (issue #18); rubrics stored before types existed read as ordinal.
// The levels array is what raters read for every type, so the guide stays one thing:
// ordinal levels; a binary criterion's two labels (and which one is positive); a categorical
// criterion's ordered labels; a multi-label criterion's labels (any subset applies); a
// numeric criterion's anchors, optional points on its min–max scale (value = the point).

export const OVERALL_CRITERION = "overall";
export const STRICTNESS_LEVELS = ["lenient", "balanced", "strict"] as const;
export type Strictness = (typeof STRICTNESS_LEVELS)[number];
export const MAX_LEVELS = 10; // ratings.level is CHECKed to 1…10
export const CRITERION_TYPES = ["ordinal", "binary", "categorical", "multilabel", "numeric"] as const;
export type CriterionType = (typeof CRITERION_TYPES)[number];

/** Types whose ratings are labels (ratings.label, or ratings.labels for multilabel). */
export function isLabelType(type: CriterionType): boolean {
  return type === "binary" || type === "categorical" || type === "multilabel";
}

function text(max: number) {
  return z.string().trim().min(1, "Write something here").max(max, `At most ${max} characters`);
}

export const rubricLevelSchema = z.object({
  /** 1…n in order; for a numeric criterion's anchor, its point on the scale. */
  value: z.number(),
  label: text(40),
  description: text(600),
  /** Required for ordinal levels; optional for labels and anchors. */
  characteristics: z.array(text(300)).max(12, "At most 12 characteristics"),
  example: z.string().trim().max(1200, "At most 1200 characters").optional(),
});

export const edgeCaseSchema = z.object({ situation: text(300), guidance: text(600) });

export const criterionKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, "Use 2–40 lower-case letters, digits or _, starting with a letter");

export const personaIdSchema = z.string().trim().min(1).max(100);

export const criterionSchema = z
  .object({
    key: criterionKeySchema,
    name: text(80),
    description: text(600),
    strictness: z.enum(STRICTNESS_LEVELS),
    guidelines: z.array(text(400)).max(12, "At most 12 guidelines"),
    type: z.enum(CRITERION_TYPES).default("ordinal"),
    levels: z.array(rubricLevelSchema).max(MAX_LEVELS, `At most ${MAX_LEVELS} levels`),
    /** binary: the label that counts as positive (e.g. "Pass"). */
    positive: z.string().trim().max(40).optional(),
    /** numeric: the ends of the scale. */
    min: z.number().optional(),
    max: z.number().optional(),
    edgeCases: z.array(edgeCaseSchema).max(12, "At most 12 edge cases"),
    /** Personas this criterion applies to; empty means every persona. */
    personas: z.array(personaIdSchema).max(20),
    isRequired: z.boolean(),
  })
  .superRefine((criterion, context) => {
    const issue = (path: (string | number)[], message: string) => context.addIssue({ code: "custom", path, message });
    if (criterion.type === "numeric") checkAnchors(criterion, issue);
    else checkLevels(criterion, issue);
    const labels = criterion.levels.map((level) => level.label.toLowerCase());
    labels.forEach((label, index) => {
      if (labels.indexOf(label) !== index) issue(["levels", index, "label"], `Two ${criterion.type === "ordinal" ? "levels" : "labels"} have this label`);
    });
  });

type Issue = (path: (string | number)[], message: string) => void;
type CriterionFields = { type: CriterionType; levels: RubricLevel[]; positive?: string; min?: number; max?: number };

const LEAST_LEVELS: Record<Exclude<CriterionType, "numeric">, [number, string]> = {
  ordinal: [2, "A scale needs at least two levels"],
  binary: [2, "A binary criterion has exactly two labels"],
  categorical: [2, "A categorical criterion needs at least two labels"],
  multilabel: [1, "A multi-label criterion needs at least one label"],
};

function checkLevels({ type, levels, positive }: CriterionFields, issue: Issue): void {
  const [least, message] = LEAST_LEVELS[type as Exclude<CriterionType, "numeric">];
  if (levels.length < least || (type === "binary" && levels.length !== 2)) issue(["levels"], message);
  levels.forEach((level, index) => {
    if (level.value !== index + 1) issue(["levels", index, "value"], `Levels are numbered 1…n in order; this one should be ${index + 1}`);
    if (type === "ordinal" && level.characteristics.length === 0) issue(["levels", index, "characteristics"], "List at least one observable characteristic");
  });
  if (type === "binary" && !levels.some((level) => level.label === positive)) issue(["positive"], "Choose which of the two labels is positive");
}

function checkAnchors({ levels, min, max }: CriterionFields, issue: Issue): void {
  if (min === undefined) issue(["min"], "Give the lowest value");
  if (max === undefined) issue(["max"], "Give the highest value");
  if (min === undefined || max === undefined) return;
  if (min >= max) {
    issue(["max"], "The highest value must be above the lowest");
    return;
  }
  levels.forEach((level, index) => {
    if (level.value < min || level.value > max) issue(["levels", index, "value"], `An anchor lies on the scale, from ${min} to ${max}`);
    else if (index > 0 && level.value <= levels[index - 1].value) issue(["levels", index, "value"], "Anchors go from low to high, each above the one before");
  });
}

export const rubricContentSchema = z
  .object({
    criteria: z.array(criterionSchema).min(1).max(8, "At most 8 criteria"),
    rationale: z.object({ label: text(80), hint: text(300) }),
  })
  .superRefine((content, context) => {
    const [overall] = content.criteria;
    if (overall.key !== OVERALL_CRITERION) {
      context.addIssue({ code: "custom", path: ["criteria", 0, "key"], message: `The first criterion must be "${OVERALL_CRITERION}"` });
      return;
    }
    if (overall.type !== "ordinal") {
      context.addIssue({ code: "custom", path: ["criteria", 0, "type"], message: "Overall quality is an ordinal scale" });
      return;
    }
    const labels = overall.levels.map((level) => level.label);
    if (labels.length !== QUALITY_LEVELS.length || labels.some((label, index) => label !== QUALITY_LEVELS[index])) {
      context.addIssue({ code: "custom", path: ["criteria", 0, "levels"], message: `Overall quality uses the judge's levels: ${QUALITY_LEVELS.join(" < ")}` });
    }
    if (overall.personas.length > 0) context.addIssue({ code: "custom", path: ["criteria", 0, "personas"], message: "Overall quality applies to every persona" });
    if (!overall.isRequired) context.addIssue({ code: "custom", path: ["criteria", 0, "isRequired"], message: "Overall quality is always required" });
    const keys = content.criteria.map((criterion) => criterion.key);
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index) context.addIssue({ code: "custom", path: ["criteria", index, "key"], message: "Two criteria have this key" });
    });
  });

export type RubricLevel = z.infer<typeof rubricLevelSchema>;
export type EdgeCase = z.infer<typeof edgeCaseSchema>;
export type Criterion = z.infer<typeof criterionSchema>;
export type RubricContent = z.infer<typeof rubricContentSchema>;

/** A stored rubric version as pages and the queue use it. */
export type ActiveRubric = { versionId: number; version: number; content: RubricContent };

/** The criteria a rater answers for a turn of this persona, in rubric order. */
export function criteriaForPersona(content: RubricContent, personaId: string): Criterion[] {
  return content.criteria.filter((criterion) => criterion.personas.length === 0 || criterion.personas.includes(personaId));
}
