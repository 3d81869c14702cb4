"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ACCESS } from "@/lib/auth/access";
import { startRunSchema } from "@/lib/llm-judge/run.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { cancelJob } from "@/lib/server/jobs/cancel-job";
import { retryJob } from "@/lib/server/jobs/retry-job";
import { wakeServerJobWorker } from "@/lib/server/jobs/start-server-job-worker";
import { createJudgeRun } from "@/lib/server/llm-judge/create-judge-run";

const jobIdSchema = z.object({ jobId: z.coerce.number().int().positive() });

export const startRunAction = authorizedAction<typeof startRunSchema, undefined>(ACCESS.administer, startRunSchema, async (input, user) => {
  const run = await createJudgeRun(input, user.id);
  wakeServerJobWorker();
  revalidatePath("/settings/judges/runs");
  return { message: `Started run ${run.jobId}: ${run.total} item${run.total === 1 ? "" : "s"} for ${run.judge}.` };
});

export const cancelRunAction = authorizedAction<typeof jobIdSchema, undefined>(ACCESS.administer, jobIdSchema, async (input) => {
  await cancelJob(input.jobId);
  revalidatePath("/settings/judges/runs");
  return { message: "Cancelled." };
});

export const retryRunAction = authorizedAction<typeof jobIdSchema, undefined>(ACCESS.administer, jobIdSchema, async (input) => {
  await retryJob(input.jobId);
  wakeServerJobWorker();
  revalidatePath("/settings/judges/runs");
  return { message: "Queued again." };
});
