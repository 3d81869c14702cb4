import { z } from "zod";
import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { DomainError } from "@/lib/server/errors";
import { findJudgeRun } from "@/lib/server/llm-judge/find-judge-run";

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/jobs/:id: one run's status and progress (total, completed, failed). */
export const GET = withAuth<{ id: string }>({ roles: ACCESS.administer }, async (_request, _auth, context) => {
  const { id } = paramsSchema.parse(await context.params);
  const run = await findJudgeRun(id);
  if (!run) throw new DomainError("not_found", `There is no run ${id}.`);
  return Response.json({ run }, { headers: { "cache-control": "no-store" } });
});
