import "server-only";
import type { QualityCutoffs } from "@/lib/judge";
import {
  DEFAULT_QUEUE_SETTINGS,
  QUEUE_SCOPE_KEY,
  QUEUE_SETTINGS_KEY,
  queueScopeSchema,
  queueSettingsSchema,
  type QueueScope,
  type QueueSettings,
} from "@/lib/queue/settings.schema";
import { DEFAULT_ESCALATION_SETTINGS, ESCALATION_SETTINGS_KEY, escalationSettingsSchema, type EscalationSettings } from "@/lib/queue/escalation.schema";
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { getDb } from "../db";

/** What the queue runs under: its settings, its scope, and the active quality cut-offs. */
export type QueueConfig = {
  settings: QueueSettings;
  scope: QueueScope;
  cutoffs: QualityCutoffs;
  /** How items are picked (issue 21); absent means the ordered design. */
  escalation?: EscalationSettings;
};

/**
 * Read on every queue request (one round trip), so that an admin's change applies to the
 * next item everywhere, with no cache to go stale on another server. The cut-offs are the
 * active threshold version's, as getActiveThresholds reads them.
 */
export async function getQueueConfig(): Promise<QueueConfig> {
  const [row] = await getDb().$queryRaw<{ settings: unknown; scope: unknown; escalation: unknown; cutoffs: QualityCutoffs | null }[]>`
    SELECT (SELECT value FROM settings WHERE key = ${QUEUE_SETTINGS_KEY}) AS settings,
      (SELECT value FROM settings WHERE key = ${ESCALATION_SETTINGS_KEY}) AS escalation,
      (SELECT value FROM settings WHERE key = ${QUEUE_SCOPE_KEY}) AS scope,
      (SELECT json_build_object('fair', fair_cutoff, 'good', good_cutoff, 'excellent', excellent_cutoff)
        FROM threshold_versions WHERE is_active LIMIT 1) AS cutoffs`;
  // A stored value that no longer parses (an older shape) falls back to the defaults rather
  // than stopping every rater; the admin page shows what is in force.
  const settings = queueSettingsSchema.safeParse({ ...DEFAULT_QUEUE_SETTINGS, ...(row.settings as object | null) });
  const scope = queueScopeSchema.safeParse(row.scope ?? {});
  const escalation = escalationSettingsSchema.safeParse({ ...DEFAULT_ESCALATION_SETTINGS, ...(row.escalation as object | null) });
  return {
    escalation: escalation.success ? escalation.data : DEFAULT_ESCALATION_SETTINGS,
    settings: settings.success ? settings.data : DEFAULT_QUEUE_SETTINGS,
    scope: scope.success ? scope.data : {},
    cutoffs: row.cutoffs ?? SEED_THRESHOLDS.cutoffs,
  };
}
