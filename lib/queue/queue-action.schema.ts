import { z } from "zod";

// The rating queue's one form: submit a rating, skip the item, or undo the last rating.
// Which criteria a rating needs depends on the rubric version and the turn's persona, so
// `levels` is checked against those on the server (checkRatingLevels), not here.

const id = z.coerce.number({ message: "Missing item" }).int().positive();

const levelsJson = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "Levels are not valid JSON" });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().max(40), z.number().int().min(1).max(10)));

export const MAX_TIME_SPENT_MS = 24 * 3_600_000;

export const submitRatingSchema = z.object({
  intent: z.literal("submit"),
  turnId: id,
  rubricVersionId: id,
  levels: levelsJson,
  rationale: z
    .string()
    .trim()
    .max(2000, "At most 2000 characters")
    .optional()
    .transform((text) => (text ? text : null)),
  /** Milliseconds from when the item was shown to the submit, measured in the browser. */
  timeSpentMs: z.coerce.number().int().min(0).transform((ms) => Math.min(ms, MAX_TIME_SPENT_MS)),
});

export const skipItemSchema = z.object({ intent: z.literal("skip"), turnId: id });
export const undoRatingSchema = z.object({ intent: z.literal("undo") });

export const queueActionSchema = z.discriminatedUnion("intent", [submitRatingSchema, skipItemSchema, undoRatingSchema]);
export type QueueActionInput = z.infer<typeof queueActionSchema>;
export type SubmitRatingInput = z.infer<typeof submitRatingSchema>;
