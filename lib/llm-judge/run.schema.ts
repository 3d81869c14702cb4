import { z } from "zod";
import { numberField } from "./form-fields";

export const JUDGE_TASKS = ["direct", "pairwise"] as const;
export type JudgeTask = (typeof JUDGE_TASKS)[number];
export const RUN_SCOPES = ["session", "persona", "unscored"] as const;
export type RunScopeKind = (typeof RUN_SCOPES)[number];

/** Job kinds in the jobs table, one per task. */
export const JOB_KIND: Record<JudgeTask, string> = { direct: "llm-judge.direct", pairwise: "llm-judge.pairwise" };

export const MAX_RUN_ITEMS = 5000;

/** The "start a run" form: an endpoint, a task, and a scope capped at `limit` items. */
export const startRunSchema = z
  .object({
    endpointId: z.coerce.number({ message: "Choose an endpoint" }).int().positive("Choose an endpoint"),
    task: z.enum(JUDGE_TASKS, { message: "Choose direct scoring or pairwise comparison" }),
    scope: z.enum(RUN_SCOPES, { message: "Choose a scope" }),
    sessionId: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().positive().optional()),
    personaId: z.preprocess((value) => (value === "" ? undefined : value), z.string().trim().max(200).optional()),
    limit: numberField({ min: 1, max: MAX_RUN_ITEMS, fallback: 100, isInteger: true, label: "The number of items" }),
  })
  .superRefine((input, context) => {
    if (input.scope === "session" && !input.sessionId) context.addIssue({ code: "custom", path: ["sessionId"], message: "Choose a session" });
    if (input.scope === "persona" && !input.personaId) context.addIssue({ code: "custom", path: ["personaId"], message: "Choose a persona" });
  });
export type StartRunInput = z.infer<typeof startRunSchema>;

export const runScopeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("session"), sessionId: z.number().int() }),
  z.object({ kind: z.literal("persona"), personaId: z.string() }),
  z.object({ kind: z.literal("unscored") }),
]);
export type RunScope = z.infer<typeof runScopeSchema>;

/** An item's failure; `unparseable` when the model's output failed its schema after the retry. */
const itemFailureSchema = z.object({ item: z.string(), error: z.string(), kind: z.literal("unparseable").optional() });
export type ItemFailure = z.infer<typeof itemFailureSchema>;

const basePayload = {
  /** What the run covers, in words, for the runs table ("session demo-1", "50 unscored turns"). */
  label: z.string(),
  endpointId: z.number().int(),
  judgeId: z.number().int(),
  scope: runScopeSchema,
  failures: z.array(itemFailureSchema).default([]),
};

/**
 * A run's job payload. The items are fixed when the run starts (so `total` means
 * something); resuming skips items already scored by the judge or recorded as failed.
 */
export const judgeJobPayloadSchema = z.discriminatedUnion("task", [
  z.object({ task: z.literal("direct"), turnIds: z.array(z.number().int()), ...basePayload }),
  z.object({ task: z.literal("pairwise"), pairs: z.array(z.tuple([z.number().int(), z.number().int()])), ...basePayload }),
]);
export type JudgeJobPayload = z.infer<typeof judgeJobPayloadSchema>;

/** The key an item's failure is recorded under: "turn 12" or "pair 12-15". */
export function itemKey(item: number | readonly [number, number]): string {
  return typeof item === "number" ? `turn ${item}` : `pair ${item[0]}-${item[1]}`;
}

export const TASK_LABELS: Record<JudgeTask, string> = { direct: "Direct scoring", pairwise: "Pairwise comparison" };
