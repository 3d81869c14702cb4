import { ACCESS } from "@/lib/auth/access";
import { pullRequestSchema } from "@/lib/ingest/sources/pull-request.schema";
import { withAuth } from "@/lib/server/auth/guards";
import { DomainError } from "@/lib/server/errors";
import { startPullJob } from "@/lib/server/pull/pull-job";

/** POST /api/import/pulls: starts a live pull from Langfuse or Label Studio as a job (admins). */
export const POST = withAuth({ roles: ACCESS.administer }, async (request, auth) => {
  const parsed = pullRequestSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "source"), issue.message]));
    throw new DomainError("invalid", "Check the highlighted fields.", fieldErrors);
  }
  const jobId = await startPullJob(parsed.data, auth.user?.id ?? null);
  return Response.json({ jobId }, { status: 202 });
});
