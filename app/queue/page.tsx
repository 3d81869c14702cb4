import type { Metadata } from "next";
import { Suspense } from "react";
import { LabelsNeededLine } from "@/components/queue/labels-needed-line";
import { RatingQueue } from "@/components/queue/rating-queue";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS, isAllowed } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { getQueueConfig } from "@/lib/server/queue/get-queue-config";
import { getQueueView } from "@/lib/server/queue/get-queue-view";
import { leaseTurn } from "@/lib/server/queue/lease-turn";
import { takeNextItem, type Lease } from "@/lib/server/queue/take-next-item";

export const metadata: Metadata = { title: "Queue" };

// Renders only what getQueueView returns: the turn, its context and the rubric, and one
// line counting the ratings still useful. Nothing of the judge is loaded for the page, and the
// line renders a count alone, so nothing of the judge can reach the page or its RSC payload.
export default async function QueuePage({ searchParams }: { searchParams: Promise<{ turn?: string | string[] }> }) {
  const user = await requireUser(ACCESS.rate);
  const { turn } = await searchParams;
  const config = await getQueueConfig();

  let lease: Lease | null = null;
  let notice: string | null = null;
  if (typeof turn === "string") {
    const turnId = Number(turn);
    if (Number.isSafeInteger(turnId) && turnId > 0) {
      const outcome = await leaseTurn(user.id, turnId, config);
      if (outcome.status === "leased") lease = outcome.lease;
      else notice = `${outcome.message} Here is the next item of the queue instead.`;
    } else {
      notice = `"${turn}" is not a turn id. Here is the next item of the queue.`;
    }
  }
  lease ??= await takeNextItem(user.id, config);
  const view = await getQueueView(user.id, lease, { notice });

  return (
    <>
      <PageHeader
        title="Rating queue"
        description="Rate each response against the rubric, without seeing what the automated judge gave it."
        actions={
          isAllowed(user.role, ACCESS.administer) ? <ButtonLink href="/queue/manage">Manage the queue</ButtonLink> : null
        }
      />
      <RatingQueue
        initialView={view}
        belowProgress={
          <Suspense fallback={null}>
            <LabelsNeededLine />
          </Suspense>
        }
      />
    </>
  );
}
