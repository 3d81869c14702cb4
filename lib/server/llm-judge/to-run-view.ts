import "server-only";
import { z } from "zod";
import { JOB_KIND, JUDGE_TASKS, type JudgeTask } from "@/lib/llm-judge/run.schema";
import { pricesOf, tokenCost } from "@/lib/cascade/cost";
import type { RunView } from "@/lib/llm-judge/run-view";

const SHOWN_FAILURES = 20;
/** The job kinds that are LLM-judge runs. */
export const RUN_KINDS = Object.values(JOB_KIND);

// Only the fields a view needs, read leniently: an old payload must not break the page.
const payloadSummarySchema = z.object({
  task: z.enum(JUDGE_TASKS).optional(),
  label: z.string().optional(),
  failures: z.array(z.object({ item: z.string(), error: z.string(), kind: z.literal("unparseable").optional().catch(undefined) })).optional(),
  unparseableOutputs: z
    .array(z.object({ item: z.string(), replies: z.array(z.object({ content: z.string() })) }))
    .optional()
    .catch(undefined),
});

/** The columns a run view is made of. */
export const runViewSelect = {
  id: true,
  payload: true,
  status: true,
  total: true,
  completed: true,
  failed: true,
  inputTokens: true,
  outputTokens: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  updatedAt: true,
  endpoint: { select: { name: true, inputPricePerMillion: true, outputPricePerMillion: true } },
  createdBy: { select: { email: true } },
} as const;

type Row = {
  id: number;
  payload: unknown;
  status: RunView["status"];
  total: number;
  completed: number;
  failed: number;
  inputTokens: bigint;
  outputTokens: bigint;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  endpoint: { name: string; inputPricePerMillion: number | null; outputPricePerMillion: number | null } | null;
  createdBy: { email: string } | null;
};

export function toRunView(row: Row): RunView {
  const summary = payloadSummarySchema.safeParse(row.payload);
  const payload = summary.success ? summary.data : {};
  const failures = payload.failures ?? [];
  // The latest replies of each item: a retried item that failed again was recorded twice.
  const replies = new Map((payload.unparseableOutputs ?? []).map((output) => [output.item, output.replies.map((reply) => reply.content)]));
  const tokens = { input: Number(row.inputTokens), output: Number(row.outputTokens) };
  return {
    id: row.id,
    task: (payload.task ?? null) as JudgeTask | null,
    label: payload.label ?? `job ${row.id}`,
    status: row.status,
    total: row.total,
    completed: row.completed,
    failed: row.failed,
    tokens,
    // At the endpoint's prices now: the runs table shows what the run cost at today's rates.
    cost: tokenCost(tokens, pricesOf(row.endpoint)),
    unparseable: failures.filter((failure) => failure.kind === "unparseable").length,
    attempts: row.attempts,
    lastError: row.lastError,
    failures: failures.slice(0, SHOWN_FAILURES).map((failure) => (failure.kind === "unparseable" ? { ...failure, replies: replies.get(failure.item) ?? [] } : failure)),
    endpointName: row.endpoint?.name ?? null,
    createdBy: row.createdBy?.email ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

