"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { escalationSettingsFormSchema } from "@/lib/queue/escalation.schema";
import { goldItemFormSchema, goldItemIdSchema } from "@/lib/queue/gold-item.schema";
import { queueScopeFormSchema, queueSettingsFormSchema } from "@/lib/queue/settings.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { createGoldItem } from "@/lib/server/queue/create-gold-item";
import { deleteGoldItem } from "@/lib/server/queue/delete-gold-item";
import { updateEscalationSettings } from "@/lib/server/queue/update-escalation-settings";
import { updateQueueScope } from "@/lib/server/queue/update-queue-scope";
import { updateQueueSettings } from "@/lib/server/queue/update-queue-settings";

export const updateQueueSettingsAction = authorizedAction(ACCESS.administer, queueSettingsFormSchema, async (settings) => {
  await updateQueueSettings(settings);
  revalidatePath("/queue/manage");
  return { message: "Saved. The next item each rater takes follows these settings." };
});

export const updateQueueScopeAction = authorizedAction(ACCESS.administer, queueScopeFormSchema, async (scope) => {
  await updateQueueScope(scope);
  revalidatePath("/queue/manage");
  return { message: "Scope saved." };
});

export const createGoldItemAction = authorizedAction(ACCESS.administer, goldItemFormSchema, async (input, user) => {
  await createGoldItem({ ...input, createdById: user.id });
  revalidatePath("/queue/manage");
  return { message: `Turn ${input.turnId} is a gold item now.` };
});

export const deleteGoldItemAction = authorizedAction(ACCESS.administer, goldItemIdSchema, async ({ id }) => {
  await deleteGoldItem(id);
  revalidatePath("/queue/manage");
  return { message: "Removed." };
});

export const updateEscalationSettingsAction = authorizedAction(ACCESS.administer, escalationSettingsFormSchema, async (settings) => {
  const refresh = await updateEscalationSettings(settings);
  revalidatePath("/queue/manage");
  if (refresh) return { message: "Saved. The next take follows the new design; escalation reasons are being recomputed for every queue item in the background." };
  return { message: "Saved. Escalation reasons are up to date; the next take follows the new design." };
});
