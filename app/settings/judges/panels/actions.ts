"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { panelFormSchema } from "@/lib/panels/panel.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { queueDerivedJudge } from "@/lib/server/derived-judges/derived-judge-job";

/** Queues a panel's creation (admins only); its answers are stored by the job worker and the page shows the outcome. */
export const createPanelAction = authorizedAction<typeof panelFormSchema, undefined>(ACCESS.administer, panelFormSchema, async (input, user) => {
  const { isNew } = await queueDerivedJudge({ type: "panel", form: input }, user.id);
  revalidatePath("/settings/judges/panels");
  return { message: isNew ? `Building “${input.name}” in the background; it is listed below when its answers are stored.` : `“${input.name}” is already being built.` };
});
