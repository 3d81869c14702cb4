import { z } from "zod";
import { DEFAULT_RUBRIC } from "@/lib/rubric/default-rubric";
import type { Criterion } from "@/lib/rubric/rubric.schema";

/**
 * A criterion as the LLM judge reads it (seed 001, "Direct Scoring"): what it measures,
 * its weight, ordered levels with descriptions and observable characteristics, edge-case
 * guidance and scoring guidelines. Made from a stored rubric's criterion
 * (fromRubricCriterion), or generated (rubric-generation.schema.ts).
 */
export const judgeLevelSchema = z.object({
  score: z.number().int().min(1).max(10),
  label: z.string().trim().min(1),
  description: z.string().trim().min(1),
  characteristics: z.array(z.string().trim().min(1)).default([]),
});

export const judgeCriterionSchema = z
  .object({
    key: z.string().trim().min(1),
    name: z.string().trim().min(1),
    description: z.string().trim().min(1),
    weight: z.number().min(0).max(1).default(1),
    levels: z.array(judgeLevelSchema).min(2).max(10),
    edgeCases: z.array(z.object({ situation: z.string(), guidance: z.string() })).default([]),
    guidelines: z.array(z.string()).default([]),
  })
  .superRefine((criterion, context) => {
    criterion.levels.forEach((level, index) => {
      if (level.score !== index + 1) {
        context.addIssue({ code: "custom", path: ["levels", index, "score"], message: `levels must be numbered 1…n in order; found ${level.score} at position ${index + 1}` });
      }
    });
  });

export type JudgeCriterion = z.infer<typeof judgeCriterionSchema>;

/** A stored rubric's criterion (lib/rubric) as the judge's prompt uses it. */
export function fromRubricCriterion(criterion: Criterion): JudgeCriterion {
  return {
    key: criterion.key,
    name: criterion.name,
    description: criterion.description,
    weight: 1,
    levels: criterion.levels.map((level) => ({ score: level.value, label: level.label, description: level.description, characteristics: level.characteristics })),
    edgeCases: criterion.edgeCases,
    guidelines: criterion.guidelines,
  };
}

/**
 * The "overall" criterion of Concord's default rubric — the four quality levels
 * Poor < Fair < Good < Excellent — for when no stored rubric can be read (and for tests).
 */
export const DEFAULT_OVERALL_CRITERION: JudgeCriterion = fromRubricCriterion(DEFAULT_RUBRIC.criteria[0]);

/** Maps a level on a 1…n scale to 0–1: (level − 1) / (n − 1). */
export function scoreOfLevel(level: number, levelCount: number): number {
  return (level - 1) / (levelCount - 1);
}
