import { z } from "zod";
import { rubricContentSchema, type RubricContent } from "./rubric.schema";

// The rubric editor's form: the whole rubric as JSON (the editor builds it), a note for the
// history, and the version it was edited from (a save over someone else's save is refused).

const versionId = z.coerce.number().int().positive();

export const saveRubricSchema = z.object({
  content: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "The rubric is not valid JSON" });
        return z.NEVER;
      }
    })
    .pipe(rubricContentSchema),
  note: z.string().trim().min(1, "Say what changed").max(300, "At most 300 characters"),
  basedOnVersionId: versionId,
});

export const restoreRubricSchema = z.object({ versionId, basedOnVersionId: versionId });

/**
 * What the editor holds while someone types: the same shape, with blank lines and blank
 * optional texts allowed. Trimmed and emptied out before checking or saving.
 */
export function tidyRubric(content: RubricContent): RubricContent {
  const lines = (list: string[]) => list.map((line) => line.trim()).filter((line) => line !== "");
  return {
    ...content,
    criteria: content.criteria.map(({ positive, min, max, ...criterion }) => ({
      ...criterion,
      // Only the fields of the criterion's type are kept (a type switched in the editor leaves others behind).
      ...(criterion.type === "binary" ? { positive } : {}),
      ...(criterion.type === "numeric" ? { min, max } : {}),
      guidelines: lines(criterion.guidelines),
      personas: lines(criterion.personas),
      levels: criterion.levels.map((level) => {
        const { example, ...rest } = level;
        const trimmed = example?.trim();
        return { ...rest, characteristics: lines(level.characteristics), ...(trimmed ? { example: trimmed } : {}) };
      }),
      edgeCases: criterion.edgeCases.filter((edge) => edge.situation.trim() !== "" || edge.guidance.trim() !== ""),
    })),
  };
}
