import { z } from "zod";
import { personaIdSchema } from "@/lib/rubric/rubric.schema";

// The queue's settings and scope, stored as JSON in the settings table (keys below) and
// edited on /queue/manage: one schema for the stored value, one for the admin's form.

export const QUEUE_SETTINGS_KEY = "queue.settings";
export const QUEUE_SCOPE_KEY = "queue.scope";

export const queueSettingsSchema = z.object({
  /** k: ratings each turn wants, from different raters. */
  ratingsPerTurn: z.number().int().min(1, "At least 1").max(10, "At most 10"),
  /** How long an item stays with the rater it was given to. */
  leaseMinutes: z.number().int().min(1, "At least 1 minute").max(120, "At most 120 minutes"),
  /** Share of items that are gold items (0 … 0.5). */
  goldRate: z.number().min(0, "At least 0").max(0.5, "At most 50 %"),
  /** A skipped item is not offered to the same rater again for this long. */
  skipCooldownHours: z.number().min(0, "At least 0").max(720, "At most 720 hours"),
});
export type QueueSettings = z.infer<typeof queueSettingsSchema>;

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { ratingsPerTurn: 2, leaseMinutes: 5, goldRate: 0.1, skipCooldownHours: 24 };

const isoDate = z.iso.date("Use a date like 2025-10-12");

/** Which turns the queue serves; every part is optional, and the parts combine. */
export const queueScopeSchema = z
  .object({
    personaId: personaIdSchema.optional(),
    importId: z.number().int().positive().optional(),
    /** Inclusive dates (UTC) of the turn, or of its session when the turn has no time. */
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((scope) => !scope.from || !scope.to || scope.from <= scope.to, { path: ["to"], message: "The end is before the start" });
export type QueueScope = z.infer<typeof queueScopeSchema>;

export function isScopeEmpty(scope: QueueScope): boolean {
  return !scope.personaId && !scope.importId && !scope.from && !scope.to;
}

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const formNumber = (schema: z.ZodNumber) => z.preprocess(blankToUndefined, z.coerce.number({ message: "Enter a number" }).pipe(schema));

export const queueSettingsFormSchema = z
  .object({
    ratingsPerTurn: formNumber(queueSettingsSchema.shape.ratingsPerTurn),
    leaseMinutes: formNumber(queueSettingsSchema.shape.leaseMinutes),
    goldPercent: formNumber(z.number().min(0, "At least 0").max(50, "At most 50 %")),
    skipCooldownHours: formNumber(queueSettingsSchema.shape.skipCooldownHours),
  })
  .transform(({ goldPercent, ...rest }): QueueSettings => ({ ...rest, goldRate: goldPercent / 100 }));

export const queueScopeFormSchema = z
  .object({
    personaId: z.preprocess(blankToUndefined, personaIdSchema.optional()),
    importId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
    from: z.preprocess(blankToUndefined, isoDate.optional()),
    to: z.preprocess(blankToUndefined, isoDate.optional()),
  })
  .pipe(queueScopeSchema);
