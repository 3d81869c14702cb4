"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { calibratedJudgeFormSchema } from "@/lib/calibrated-judge/calibrated-judge.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { createCalibratedJudge } from "@/lib/server/calibrated-judges/create-calibrated-judge";
import { formatNumber } from "@/components/agreement/format";

/** Creates a calibrated judge (admins only); the message gives its out-of-fold figures. */
export const createCalibratedJudgeAction = authorizedAction<typeof calibratedJudgeFormSchema, undefined>(ACCESS.administer, calibratedJudgeFormSchema, async (input) => {
  const judge = await createCalibratedJudge(input);
  revalidatePath("/settings/judges/calibrated");
  const { mae, maeRaw } = judge.config.outOfFold;
  return {
    message: `Created ${judge.name} ${judge.version}: scores on ${judge.turns.toLocaleString("en")} turns. On the ${judge.config.nRated.toLocaleString("en")} rated turns it is off by ${formatNumber(mae)} levels on average (out of fold), the raw judge by ${formatNumber(maeRaw)}. Pick it as the judge on the Agreement page to see the rest.`,
  };
});
