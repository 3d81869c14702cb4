import { z } from "zod";
import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { DomainError } from "@/lib/server/errors";
import { findPullJob } from "@/lib/server/pull/pull-job";

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/import/pulls/:id: a pull's progress (pages, records), its end, and the sessions it stored. */
export const GET = withAuth<{ id: string }>({ roles: ACCESS.administer }, async (_request, _auth, context) => {
  const { id } = paramsSchema.parse(await context.params);
  const pull = await findPullJob(id);
  if (!pull) throw new DomainError("not_found", `There is no pull ${id}.`);
  return Response.json({ pull }, { headers: { "cache-control": "no-store" } });
});
