"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { cascadeFormSchema } from "@/lib/cascade/cascade.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { queueDerivedJudge } from "@/lib/server/derived-judges/derived-judge-job";

/** Queues a cascade (admins only); the job worker stores its scores and the page shows the outcome. */
export const createCascadeAction = authorizedAction<typeof cascadeFormSchema, undefined>(ACCESS.administer, cascadeFormSchema, async (input, user) => {
  const { isNew } = await queueDerivedJudge({ type: "cascade", form: input }, user.id);
  revalidatePath("/settings/judges/cascades");
  return { message: isNew ? `Building “${input.name}” in the background; it is listed below when its scores are stored.` : `“${input.name}” is already being built.` };
});
