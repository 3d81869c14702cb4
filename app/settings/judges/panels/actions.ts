"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { panelFormSchema } from "@/lib/panels/panel.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { createPanel } from "@/lib/server/panels/create-panel";

/** Creates a panel (admins only) and stores its answers; the message says on how many turns. */
export const createPanelAction = authorizedAction<typeof panelFormSchema, undefined>(ACCESS.administer, panelFormSchema, async (input) => {
  const panel = await createPanel(input);
  revalidatePath("/settings/judges/panels");
  return { message: `Created ${panel.name} ${panel.version}: answers on ${panel.turns.toLocaleString("en")} turns. Pick it as the judge on the Agreement page to see what it is worth.` };
});
