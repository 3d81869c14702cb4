"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { calibratedJudgeFormSchema } from "@/lib/calibrated-judge/calibrated-judge.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { queueDerivedJudge } from "@/lib/server/derived-judges/derived-judge-job";

/** Queues a calibrated judge (admins only); the job worker fits and stores it, and the page shows its out-of-fold figures. */
export const createCalibratedJudgeAction = authorizedAction<typeof calibratedJudgeFormSchema, undefined>(ACCESS.administer, calibratedJudgeFormSchema, async (input, user) => {
  const { isNew } = await queueDerivedJudge({ type: "calibrated", form: input }, user.id);
  revalidatePath("/settings/judges/calibrated");
  return { message: isNew ? `Building “${input.name}” in the background; it is listed below when its scores are stored.` : `“${input.name}” is already being built.` };
});
