"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { cascadeFormSchema } from "@/lib/cascade/cascade.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { createCascade } from "@/lib/server/cascades/create-cascade";

/** Creates a cascade (admins only) and stores its scores; the message says how many turns went to the strong judge. */
export const createCascadeAction = authorizedAction<typeof cascadeFormSchema, undefined>(ACCESS.administer, cascadeFormSchema, async (input) => {
  const cascade = await createCascade(input);
  revalidatePath("/settings/judges/cascades");
  const waiting = cascade.waiting > 0 ? ` ${cascade.waiting.toLocaleString("en")} turns in the band wait for the strong judge's score.` : "";
  return {
    message: `Created ${cascade.name} ${cascade.version}: scores on ${cascade.turns.toLocaleString("en")} turns, ${cascade.escalated.toLocaleString("en")} of them from the strong judge.${waiting} Pick it as the judge on the Agreement page to see what it costs and what it is worth.`,
  };
});
