"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { verdictSettingsFormSchema } from "@/lib/agreement/verdict-settings.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { updateVerdictSettings } from "@/lib/server/verdict/update-verdict-settings";

export const updateVerdictSettingsAction = authorizedAction(ACCESS.administer, verdictSettingsFormSchema, async (form) => {
  await updateVerdictSettings(form);
  revalidatePath("/settings/verdict");
  return { message: "Saved. The verdicts on the agreement page follow these bars now." };
});
