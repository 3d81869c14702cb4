import "server-only";
import { z } from "zod";
import { JOB_KIND, JUDGE_TASKS, type JudgeTask } from "@/lib/llm-judge/run.schema";
import type { RunView } from "@/lib/llm-judge/run-view";

const SHOWN_FAILURES = 20;
/** The job kinds that are LLM-judge runs. */
export const RUN_KINDS = Object.values(JOB_KIND);

// Only the fields a view needs, read leniently: an old payload must not break the page.
const payloadSummarySchema = z.object({
  task: z.enum(JUDGE_TASKS).optional(),
  label: z.string().optional(),
  failures: z.array(z.object({ item: z.string(), error: z.string() })).optional(),
});

/** The columns a run view is made of. */
export const runViewSelect = {
  id: true,
  payload: true,
  status: true,
  total: true,
  completed: true,
  failed: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  updatedAt: true,
  endpoint: { select: { name: true } },
  createdBy: { select: { email: true } },
} as const;

type Row = { id: number; payload: unknown; status: RunView["status"]; total: number; completed: number; failed: number; attempts: number; lastError: string | null; createdAt: Date; updatedAt: Date; endpoint: { name: string } | null; createdBy: { email: string } | null };

export function toRunView(row: Row): RunView {
  const summary = payloadSummarySchema.safeParse(row.payload);
  const payload = summary.success ? summary.data : {};
  return {
    id: row.id,
    task: (payload.task ?? null) as JudgeTask | null,
    label: payload.label ?? `job ${row.id}`,
    status: row.status,
    total: row.total,
    completed: row.completed,
    failed: row.failed,
    attempts: row.attempts,
    lastError: row.lastError,
    failures: (payload.failures ?? []).slice(0, SHOWN_FAILURES),
    endpointName: row.endpoint?.name ?? null,
    createdBy: row.createdBy?.email ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

