import "server-only";
import type { Criterion } from "@/lib/rubric/rubric.schema";
import { rubricContentSchema } from "@/lib/rubric/rubric.schema";
import { withCriterion } from "@/lib/llm-judge/rubric-generation.schema";
import { DomainError } from "../errors";
import { getActiveRubric } from "../rubrics/get-active-rubric";
import { saveRubricVersion } from "../rubrics/save-rubric-version";

/**
 * Saves a reviewed, generated criterion as a new version of the rubric: added, or in
 * place of the criterion with the same key. The rubric's own rules apply (e.g. "overall"
 * keeps the four quality levels; at most 8 criteria) and are reported as form errors.
 */
export async function saveGeneratedCriterion(input: { criterion: Criterion; personas: string[]; note: string; authorId: number }): Promise<{ version: number }> {
  const active = await getActiveRubric();
  const content = withCriterion(active.content, { ...input.criterion, personas: input.personas });
  const checked = rubricContentSchema.safeParse(content);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    throw new DomainError("invalid", `The rubric would not be valid with this criterion: ${issue.message}.`);
  }
  const saved = await saveRubricVersion({ content: checked.data, note: input.note, basedOnVersionId: active.versionId, authorId: input.authorId });
  return { version: saved.version };
}
