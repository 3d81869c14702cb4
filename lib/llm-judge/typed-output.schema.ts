import { z } from "zod";
import type { AnswerType } from "./criterion-type";
import { confidenceSchema } from "./direct-output.schema";

/**
 * The judge's answer on a binary, categorical, multi-label or numeric criterion, as stored:
 * a label or a label set (judge_labels) or a number on the criterion's scale (judge_scores).
 */
export type TypedAnswer =
  | { kind: "label"; label: string; confidence: number; reasoning: string }
  | { kind: "labels"; labels: string[]; confidence: number; reasoning: string }
  | { kind: "number"; value: number; confidence: number; reasoning: string };

const reasoningSchema = z.string({ message: "give your reasoning" }).trim().min(1, "give your reasoning");

function labelSchema(labels: readonly string[]) {
  const allowed = labels.map((label) => JSON.stringify(label)).join(", ");
  // Exact strings: "Pass" for "pass" is an answer outside the list, never corrected.
  return z.string({ message: `must be one of ${allowed}` }).refine((value) => labels.includes(value), { message: `must be one of ${allowed}` });
}

/**
 * The reply the judge must give on a criterion of this type, reasoning first: binary and
 * categorical `{reasoning, label, confidence}` with the label one of the criterion's;
 * multi-label `{reasoning, labels, confidence}` with any subset of them (stored sorted and
 * distinct); numeric `{reasoning, value, confidence}` with the value within min–max. The
 * confidence is 0–1. Anything else fails to parse; nothing is rounded, clamped or matched
 * loosely.
 */
export function typedOutputSchema(type: AnswerType): z.ZodType<TypedAnswer> {
  switch (type.type) {
    case "binary":
    case "categorical":
      return z
        .object({ reasoning: reasoningSchema, label: labelSchema(type.labels), confidence: confidenceSchema })
        .transform(({ reasoning, label, confidence }): TypedAnswer => ({ kind: "label", label, confidence, reasoning }));
    case "multilabel":
      return z
        .object({ reasoning: reasoningSchema, labels: z.array(labelSchema(type.labels), { message: "must be a list of labels" }), confidence: confidenceSchema })
        .transform(({ reasoning, labels, confidence }): TypedAnswer => ({ kind: "labels", labels: [...new Set(labels)].sort(), confidence, reasoning }));
    case "numeric":
      return z
        .object({
          reasoning: reasoningSchema,
          value: z.number({ message: `must be a number from ${type.min} to ${type.max}` }).min(type.min, `must be from ${type.min} to ${type.max}`).max(type.max, `must be from ${type.min} to ${type.max}`),
          confidence: confidenceSchema,
        })
        .transform(({ reasoning, value, confidence }): TypedAnswer => ({ kind: "number", value, confidence, reasoning }));
  }
}

/** A numeric answer placed on 0–1 by the criterion's range: (value − min) / (max − min). */
export function normaliseValue(value: number, type: { min: number; max: number }): number {
  return (value - type.min) / (type.max - type.min);
}
