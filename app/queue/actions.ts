"use server";

import { ACCESS } from "@/lib/auth/access";
import { queueActionSchema } from "@/lib/queue/queue-action.schema";
import type { QueueView } from "@/lib/queue/queue-view";
import { authorizedAction } from "@/lib/server/auth/guards";
import { getQueueConfig } from "@/lib/server/queue/get-queue-config";
import { getQueueView } from "@/lib/server/queue/get-queue-view";
import { skipItem } from "@/lib/server/queue/skip-item";
import { submitRating } from "@/lib/server/queue/submit-rating";
import { takeNextItem } from "@/lib/server/queue/take-next-item";
import { undoLastRating } from "@/lib/server/queue/undo-last-rating";

/**
 * The rating queue's one action: submit, skip or undo, then answer with the next item, so a
 * keypress costs one round trip. No revalidation: the page is not re-rendered, the client
 * shows the view this returns.
 */
export const queueAction = authorizedAction<typeof queueActionSchema, QueueView>(ACCESS.rate, queueActionSchema, async (input, user) => {
  const config = await getQueueConfig();

  if (input.intent === "submit") {
    const outcome = await submitRating({ ...input, raterId: user.id, ratingsPerTurn: config.settings.ratingsPerTurn, scope: config.scope });
    const notice = outcome.status === "refused" ? outcome.message : outcome.status === "duplicate" ? "Already saved: that was a second submit of the same rating." : "Saved.";
    return { data: await getQueueView(user.id, await takeNextItem(user.id, config), { notice }) };
  }

  if (input.intent === "skip") {
    await skipItem(user.id, input.turnId);
    const hours = config.settings.skipCooldownHours;
    const notice = hours > 0 ? `Skipped. It will not come back to you for ${hours} hour${hours === 1 ? "" : "s"}.` : "Skipped.";
    return { data: await getQueueView(user.id, await takeNextItem(user.id, config), { notice }) };
  }

  const undone = await undoLastRating(user.id, config.settings.leaseMinutes);
  if (undone.lease) {
    return { data: await getQueueView(user.id, undone.lease, { notice: "Rating undone: change it and submit again.", prefill: { values: undone.values, rationale: undone.rationale ?? "" } }) };
  }
  const notice = "Rating undone. Another rater has that item now, so it will come back to you later.";
  return { data: await getQueueView(user.id, await takeNextItem(user.id, config), { notice }) };
});
