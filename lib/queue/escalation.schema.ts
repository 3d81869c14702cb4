import { z } from "zod";

// How the queue picks items and when a turn is escalated to people (issue 21), stored as
// JSON in the settings table under its own key and edited on /queue/manage. The database
// function queue_escalation_rows (migration "queue_escalation") reads the same keys, with
// the same defaults, to keep each queue item's reasons.

export const ESCALATION_SETTINGS_KEY = "queue.escalation";

/**
 * "ordered": the classic order (fewest ratings, personas in turn, nearest a cut-off first);
 * no inclusion probability is recorded and the report cannot weight.
 * "sampled": with probability `share` the most urgent escalated item, otherwise a uniformly
 * random open item, each lease recording its inclusion probability (lib/queue/inclusion.ts).
 */
export const QUEUE_DESIGNS = ["ordered", "sampled"] as const;
export type QueueDesign = (typeof QUEUE_DESIGNS)[number];

export const escalationSettingsSchema = z.object({
  design: z.enum(QUEUE_DESIGNS),
  /** Share of takes given to escalated items under the sampled design, 0–1. */
  share: z.number().min(0, "At least 0 %").max(1, "At most 100 %"),
  /** A judge's confidence below this escalates the turn. */
  minConfidence: z.number().min(0, "At least 0").max(1, "At most 1"),
  /** A voting panel's winning share below this escalates the turn. */
  minVoteShare: z.number().min(0, "At least 0").max(1, "At most 1"),
  /** A scoring panel's members' spread (max − min) above this escalates the turn. */
  maxPanelSpread: z.number().min(0, "At least 0").max(1, "At most 1"),
  /** A judge score closer than this to a quality cut-off escalates the turn. */
  cutoffMargin: z.number().min(0, "At least 0").max(0.5, "At most 0.5"),
});
export type EscalationSettings = z.infer<typeof escalationSettingsSchema>;

export const DEFAULT_ESCALATION_SETTINGS: EscalationSettings = {
  design: "ordered",
  share: 0.2,
  minConfidence: 0.6,
  minVoteShare: 0.67,
  maxPanelSpread: 0.15,
  cutoffMargin: 0.02,
};

export const ESCALATION_REASONS = ["low_confidence", "panel_disagrees", "position_flip", "near_cutoff"] as const;
export type EscalationReason = (typeof ESCALATION_REASONS)[number];

/** Plain words for admins. */
export const REASON_LABELS: Record<EscalationReason, string> = {
  low_confidence: "Judge unsure",
  panel_disagrees: "Panel disagrees",
  position_flip: "Flipped with position",
  near_cutoff: "Near a cut-off",
};

export function reasonLabel(reason: string): string {
  return (REASON_LABELS as Record<string, string>)[reason] ?? reason;
}

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const formNumber = (schema: z.ZodNumber) => z.preprocess(blankToUndefined, z.coerce.number({ message: "Enter a number" }).pipe(schema));

/** The admin's form: the share in percent, the rest as stored. */
export const escalationSettingsFormSchema = z
  .object({
    design: z.enum(QUEUE_DESIGNS, { message: "Choose how the queue picks items" }),
    sharePercent: formNumber(z.number().min(0, "At least 0 %").max(100, "At most 100 %")),
    minConfidence: formNumber(escalationSettingsSchema.shape.minConfidence),
    minVoteShare: formNumber(escalationSettingsSchema.shape.minVoteShare),
    maxPanelSpread: formNumber(escalationSettingsSchema.shape.maxPanelSpread),
    cutoffMargin: formNumber(escalationSettingsSchema.shape.cutoffMargin),
  })
  .transform(({ sharePercent, ...rest }): EscalationSettings => ({ ...rest, share: sharePercent / 100 }));
