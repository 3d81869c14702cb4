import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { getQueueConfig } from "@/lib/server/queue/get-queue-config";
import { getRaterProgress } from "@/lib/server/queue/get-rater-progress";

/** The signed-in rater's own count and the queue's remaining work (no judge data). */
export const GET = withAuth({ roles: ACCESS.rate }, async (_request, { user }) => {
  const progress = await getRaterProgress(user!.id, await getQueueConfig());
  return Response.json(progress, { headers: { "cache-control": "no-store" } });
});
