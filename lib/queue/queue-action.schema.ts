import { z } from "zod";

// The rating queue's one form: submit a rating, skip the item, or undo the last rating.
// Which criteria a rating needs, and the shape of each answer, depend on the rubric version
// and the turn's persona, so `values` is checked against those on the server
// (checkRatingValues), not here: here only that each answer is a level or number, a label
// or a set of labels.

const id = z.coerce.number({ message: "Missing item" }).int().positive();

const label = z.string().max(200, "A label has at most 200 characters");
const ratingValue = z.union([z.number(), label, z.array(label).max(20, "At most 20 labels")], { message: "Each answer is a number, a label or a list of labels" });

const valuesJson = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "The answers are not valid JSON" });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().max(40), ratingValue));

export const MAX_TIME_SPENT_MS = 24 * 3_600_000;

export const submitRatingSchema = z.object({
  intent: z.literal("submit"),
  turnId: id,
  rubricVersionId: id,
  values: valuesJson,
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
