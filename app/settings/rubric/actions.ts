"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { restoreRubricSchema, saveRubricSchema } from "@/lib/rubric/save-rubric.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { DomainError } from "@/lib/server/errors";
import { getRubricVersion } from "@/lib/server/rubrics/get-rubric-version";
import { saveRubricVersion } from "@/lib/server/rubrics/save-rubric-version";

export const saveRubricAction = authorizedAction(ACCESS.administer, saveRubricSchema, async (input, user) => {
  const saved = await saveRubricVersion({ ...input, authorId: user.id });
  revalidatePath("/settings/rubric");
  return { message: `Saved as version ${saved.version}. Raters get it with their next item.` };
});

export const restoreRubricAction = authorizedAction(ACCESS.administer, restoreRubricSchema, async (input, user) => {
  const old = await getRubricVersion(input.versionId);
  if (!old) throw new DomainError("not_found", "That version does not exist.");
  const saved = await saveRubricVersion({ content: old.content, note: `Restored version ${old.version}`, basedOnVersionId: input.basedOnVersionId, authorId: user.id });
  revalidatePath("/settings/rubric");
  return { message: `Version ${old.version} restored as version ${saved.version}.` };
});
