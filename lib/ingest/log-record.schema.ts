// The orchestrator log format (seed 002 §6.1–6.2, SPEC §2), written once and used by the CLI,
// the HTTP API and the import page. Objects are loose: fields Concord does not know are kept
// (the whole line is stored as turns.raw), never rejected. Optional fields also accept null,
// which is what Python writes for None.
import { z } from "zod";
import { impossibleDateTimeReason } from "@/lib/calendar";

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;
const HAS_OFFSET = /(Z|[+-]\d{2}(:?\d{2})?)$/i;
const MAX_INT4 = 2_147_483_647;

/** An ISO 8601 date-time; without an offset it is read as UTC (Python's naive isoformat). */
export const timestampSchema = z
  .string()
  .regex(ISO_DATE_TIME, { message: "expected an ISO 8601 date-time such as 2025-10-12T10:30:45.123Z", abort: true })
  .superRefine((text, context) => {
    const reason = impossibleDateTimeReason(text);
    if (reason !== null) context.addIssue({ code: "custom", message: `not a real date-time: ${reason}` });
  });

/** The instant of a timestamp that passed timestampSchema, as a Date.toISOString() string. */
export function toIsoInstant(text: string): string {
  const normal = text.replace(" ", "T");
  return HAS_OFFSET.test(normal.slice(10)) ? normal : `${normal}Z`;
}

export const sessionIdSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters");

const score = z.number();
const index = z.int().min(0).max(MAX_INT4);

export const evaluationMetricsSchema = z.looseObject({
  length: z.looseObject({ length_score: score.nullish(), word_count: z.int().min(0).nullish() }).nullish(),
  sentiment: z.looseObject({ sentiment_score: score.nullish() }).nullish(),
  completeness: z.looseObject({ completeness_score: score.nullish() }).nullish(),
  critical_intensity: z.looseObject({ intensity_score: score.nullish() }).nullish(),
  resonance: z
    .looseObject({
      impact_score: score.nullish(),
      transparency: score.nullish(),
      reproducibility: score.nullish(),
      verifiability: score.nullish(),
    })
    .nullish(),
  overall_score: score,
  timestamp: timestampSchema.nullish(),
});

export const personaSchema = z.looseObject({
  id: z.string().min(1, "must not be empty"),
  name: z.string().nullish(),
  role: z.string().nullish(),
  backend: z.looseObject({ backend_id: z.string().nullish(), type: z.string().nullish() }).nullish(),
});

/** One persona turn: one line of the log. */
export const logRecordSchema = z.looseObject({
  session_id: sessionIdSchema.nullish(),
  seed_prompt: z.string().nullish(),
  timestamp: timestampSchema.nullish(),
  depth_index: index.nullish(),
  step_index: index.nullish(),
  persona: personaSchema,
  prompt_digest: z.string().nullish(),
  response: z.string(),
  evaluation_metrics: evaluationMetricsSchema.nullish(),
  phase: z.record(z.string(), z.unknown()).nullish(),
  state_after: z.looseObject({ affect_amplitude: z.number().nullish() }).nullish(),
  /** The model that wrote the response (e.g. "gpt-4o-mini"), for the self-enhancement check. */
  generator_model: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").nullish(),
});

/** An optional first line `{"type":"session",…}` naming the session of the lines after it. */
export const sessionHeaderSchema = z.looseObject({
  type: z.literal("session"),
  session_id: sessionIdSchema.nullish(),
  seed_prompt: z.string().nullish(),
});

const qualityRatingSchema = z.enum(["Excellent", "Good", "Fair", "Poor"]);

/** The orchestrator's `*.summary.json` (seed 002 §6.2); kept as given and compared with Concord's own. */
export const sessionSummarySchema = z.looseObject({
  total_turns: z.int().min(0),
  avg_overall_score: score,
  persona_breakdown: z.record(z.string(), z.looseObject({ count: z.int().min(0), avg_score: score })).nullish(),
  affect_trajectory: z.array(score).nullish(),
  quality_rating: qualityRatingSchema.nullish(),
  avg_resonance_metrics: z
    .looseObject({
      impact_score: score.nullish(),
      transparency: score.nullish(),
      reproducibility: score.nullish(),
      verifiability: score.nullish(),
    })
    .nullish(),
});

/** A JSON body for the API: `{session_id?, seed_prompt?, records: […], summary?}`. */
export const logEnvelopeSchema = z.looseObject({
  session_id: sessionIdSchema.nullish(),
  seed_prompt: z.string().nullish(),
  records: z.array(z.unknown()),
  summary: z.unknown().optional(),
});

export type LogRecord = z.infer<typeof logRecordSchema>;
export type SessionHeader = z.infer<typeof sessionHeaderSchema>;
export type EvaluationMetrics = z.infer<typeof evaluationMetricsSchema>;
export type ImportedSummary = z.infer<typeof sessionSummarySchema>;
