import { z } from "zod";

// When the orchestrator should regenerate a response (seed 002 §10.4: "retry when
// overall_score < 0.5"). Stored as JSON in the settings table, edited by admins on
// /settings/thresholds, read by POST /api/v1/score. A policy of the orchestrator, not of the
// judge: changing it makes no new thresholds version and recomputes nothing.

export const RETRY_POLICY_KEY = "score.retry";

const cutoff = z.number({ message: "Enter a number" }).min(0, "At least 0").max(1, "At most 1");
const personaId = z.string().trim().min(1, "Name the persona").max(100, "At most 100 characters");

export const retryPolicySchema = z.object({
  /** Retry when a turn's overall score is below this. */
  cutoff,
  /** persona_id → its own cut-off, for personas that should be held to another bar. */
  personas: z.record(personaId, cutoff),
});
export type RetryPolicy = z.infer<typeof retryPolicySchema>;

export const DEFAULT_RETRY_POLICY: RetryPolicy = { cutoff: 0.5, personas: {} };

/** The stored value, or the default when there is none or it no longer reads. */
export function readRetryPolicy(stored: unknown): RetryPolicy {
  const parsed = retryPolicySchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_RETRY_POLICY;
}

/** The cut-off a persona's turns are held to. Own-property lookup: "constructor" is a persona like any other. */
export function retryCutoffFor(policy: RetryPolicy, personaId: string): number {
  return Object.hasOwn(policy.personas, personaId) ? policy.personas[personaId] : policy.cutoff;
}

/** Form fields of one persona's override: `override:<persona_id>`, blank for none. */
export const OVERRIDE_FIELD_PREFIX = "override:";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const formCutoff = z.preprocess(blankToUndefined, z.coerce.number({ message: "Enter a number" }).pipe(cutoff));
const optionalFormCutoff = z.preprocess(blankToUndefined, z.coerce.number({ message: "Enter a number" }).pipe(cutoff).optional());

/**
 * The admin's form, flat as a form posts it: `cutoff`, one `override:<persona>` per listed
 * persona (blank: none), and `newPersona` with `newCutoff` to add one more. Gives the policy.
 */
export const retryPolicyFormSchema = z
  .object({
    cutoff: formCutoff,
    newPersona: z.preprocess(blankToUndefined, personaId.optional()),
    newCutoff: optionalFormCutoff,
  })
  .catchall(optionalFormCutoff)
  .superRefine((form, context) => {
    if (form.newPersona !== undefined && form.newCutoff === undefined) {
      context.addIssue({ code: "custom", path: ["newCutoff"], message: "Give the new persona a cut-off" });
    }
    if (form.newPersona === undefined && form.newCutoff !== undefined) {
      context.addIssue({ code: "custom", path: ["newPersona"], message: "Name the persona this cut-off is for" });
    }
  })
  .transform((form): RetryPolicy => {
    const personas: Record<string, number> = {};
    for (const [field, value] of Object.entries(form)) {
      if (field.startsWith(OVERRIDE_FIELD_PREFIX) && typeof value === "number") personas[field.slice(OVERRIDE_FIELD_PREFIX.length)] = value;
    }
    if (form.newPersona !== undefined && form.newCutoff !== undefined) personas[form.newPersona] = form.newCutoff;
    return { cutoff: form.cutoff, personas };
  });
