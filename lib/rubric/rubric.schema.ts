import { z } from "zod";
import { QUALITY_LEVELS } from "@/lib/thresholds/levels";

// The rubric raters rate against, as stored in rubric_versions.criteria (one JSON document
// per version) and as the editor, the server action and the queue read it. Its parts follow
// seed 001's "Generazione Rubriche": per criterion, level descriptions, observable
// characteristics, optional examples, edge cases with guidance, scoring guidelines and a
// strictness. The first criterion is always "overall": the judge's four quality levels, so
// human and judge levels can be compared directly.

export const OVERALL_CRITERION = "overall";
export const STRICTNESS_LEVELS = ["lenient", "balanced", "strict"] as const;
export type Strictness = (typeof STRICTNESS_LEVELS)[number];
export const MAX_LEVELS = 10; // ratings.level is CHECKed to 1…10

function text(max: number) {
  return z.string().trim().min(1, "Write something here").max(max, `At most ${max} characters`);
}

export const rubricLevelSchema = z.object({
  value: z.number().int().min(1).max(MAX_LEVELS),
  label: text(40),
  description: text(600),
  characteristics: z.array(text(300)).min(1, "List at least one observable characteristic").max(12, "At most 12 characteristics"),
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
    levels: z.array(rubricLevelSchema).min(2, "A scale needs at least two levels").max(MAX_LEVELS, `At most ${MAX_LEVELS} levels`),
    edgeCases: z.array(edgeCaseSchema).max(12, "At most 12 edge cases"),
    /** Personas this criterion applies to; empty means every persona. */
    personas: z.array(personaIdSchema).max(20),
    isRequired: z.boolean(),
  })
  .superRefine((criterion, context) => {
    criterion.levels.forEach((level, index) => {
      if (level.value !== index + 1) {
        context.addIssue({ code: "custom", path: ["levels", index, "value"], message: `Levels are numbered 1…n in order; this one should be ${index + 1}` });
      }
    });
    const labels = criterion.levels.map((level) => level.label.toLowerCase());
    labels.forEach((label, index) => {
      if (labels.indexOf(label) !== index) context.addIssue({ code: "custom", path: ["levels", index, "label"], message: "Two levels have this label" });
    });
  });

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

/** Level chosen per criterion key, as a rating form sends it. */
export type CriterionLevels = Record<string, number>;

/**
 * Checks a rating against the criteria of its turn's persona: every required criterion has
 * a level, every level is on its criterion's scale, and nothing is rated that does not
 * apply. Returns field messages keyed by criterion, empty when the rating is complete.
 */
export function checkRatingLevels(content: RubricContent, personaId: string, levels: CriterionLevels): Record<string, string> {
  const problems: Record<string, string> = {};
  const applicable = criteriaForPersona(content, personaId);
  for (const criterion of applicable) {
    const level = levels[criterion.key];
    if (level === undefined) {
      if (criterion.isRequired) problems[criterion.key] = `Pick a level for ${criterion.name}`;
    } else if (!Number.isInteger(level) || level < 1 || level > criterion.levels.length) {
      problems[criterion.key] = `${criterion.name} takes a level from 1 to ${criterion.levels.length}`;
    }
  }
  for (const key of Object.keys(levels)) {
    if (!applicable.some((criterion) => criterion.key === key)) problems[key] = `"${key}" is not a criterion for this turn`;
  }
  return problems;
}
