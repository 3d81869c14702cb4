"use client";

import { useActionState, type ReactNode } from "react";
import { queueAction } from "@/app/queue/actions";
import type { QueueView } from "@/lib/queue/queue-view";
import { QueueProgress } from "./queue-progress";
import { RatingWorkspace } from "./rating-workspace";
import { useRefreshQueueProgress } from "./use-queue-progress";

export type QueueState = { view: QueueView; error: string | null; sequence: number };

/**
 * The rater's page: one item at a time. Each submit, skip or undo goes to the server action,
 * which answers with the next item; a failed action keeps the item on screen and says why.
 */
export function RatingQueue({ initialView, belowProgress }: { initialView: QueueView; belowProgress?: ReactNode }) {
  const refreshProgress = useRefreshQueueProgress();
  const [state, dispatch, isPending] = useActionState(
    async (previous: QueueState, formData: FormData): Promise<QueueState> => {
      const result = await queueAction({ status: "idle" }, formData);
      refreshProgress();
      if (result.status === "ok" && result.data) return { view: result.data, error: null, sequence: previous.sequence + 1 };
      return { ...previous, error: result.status === "error" ? result.error : "Something went wrong. Try again." };
    },
    { view: initialView, error: null, sequence: 0 },
  );

  return (
    <>
      <QueueProgress />
      {belowProgress}
      {/* Keyed by response: a new item (or the same one back after undo) starts with a fresh form and clock. */}
      <RatingWorkspace key={state.sequence} state={state} isPending={isPending} dispatch={dispatch} />
    </>
  );
}
