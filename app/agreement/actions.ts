"use server";

import { adjudicationSchema } from "@/lib/agreement/adjudication.schema";
import { ACCESS } from "@/lib/auth/access";
import { recordAdjudication } from "@/lib/server/agreement/record-adjudication";
import { authorizedAction } from "@/lib/server/auth/guards";

/** An admin records (or replaces) the adjudicated level of a disputed turn. */
export const adjudicateAction = authorizedAction(ACCESS.administer, adjudicationSchema, async (input, user) => {
  const { isUpdate } = await recordAdjudication({ ...input, adjudicatorId: user.id });
  return { message: isUpdate ? `Adjudication of turn ${input.turnId} updated.` : `Turn ${input.turnId} adjudicated.` };
});
