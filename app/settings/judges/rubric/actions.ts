"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { rubricRequestSchema, saveDraftSchema, type RubricDraft } from "@/lib/llm-judge/rubric-generation.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { generateRubric } from "@/lib/server/llm-judge/generate-rubric";
import { saveGeneratedCriterion } from "@/lib/server/llm-judge/save-generated-criterion";

export type GeneratedDraft = RubricDraft & { generatedAt: string };

export const generateRubricAction = authorizedAction<typeof rubricRequestSchema, GeneratedDraft>(ACCESS.administer, rubricRequestSchema, async (input) => {
  const draft = await generateRubric(input);
  const entries = { ordinal: "levels", binary: "labels", categorical: "labels", multilabel: "labels", numeric: "anchors" }[draft.criterion.type];
  return { message: `Generated ${draft.criterion.levels.length} ${entries} for ${draft.criterion.name}.`, data: { ...draft, generatedAt: new Date().toISOString() } };
});

export const saveGeneratedCriterionAction = authorizedAction<typeof saveDraftSchema, undefined>(ACCESS.administer, saveDraftSchema, async (input, user) => {
  const { version } = await saveGeneratedCriterion({ ...input, authorId: user.id });
  revalidatePath("/settings/rubric");
  return { message: `Saved as rubric version ${version}, now the active one.` };
});
