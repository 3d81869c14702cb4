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
import { SEED_THRESHOLDS } from "@/lib/thresholds/thresholds.schema";
import { getDb } from "../db";

/** What the queue runs under: its settings, its scope, and the active quality cut-offs. */
export type QueueConfig = { settings: QueueSettings; scope: QueueScope; cutoffs: QualityCutoffs };

/**
 * Read on every queue request (one round trip), so that an admin's change applies to the
 * next item everywhere, with no cache to go stale on another server. The cut-offs are the
 * active threshold version's, as getActiveThresholds reads them.
 */
export async function getQueueConfig(): Promise<QueueConfig> {
  const [row] = await getDb().$queryRaw<{ settings: unknown; scope: unknown; cutoffs: QualityCutoffs | null }[]>`
    SELECT (SELECT value FROM settings WHERE key = ${QUEUE_SETTINGS_KEY}) AS settings,
      (SELECT value FROM settings WHERE key = ${QUEUE_SCOPE_KEY}) AS scope,
      (SELECT json_build_object('fair', fair_cutoff, 'good', good_cutoff, 'excellent', excellent_cutoff)
        FROM threshold_versions WHERE is_active LIMIT 1) AS cutoffs`;
  // A stored value that no longer parses (an older shape) falls back to the defaults rather
  // than stopping every rater; the admin page shows what is in force.
  const settings = queueSettingsSchema.safeParse({ ...DEFAULT_QUEUE_SETTINGS, ...(row.settings as object | null) });
  const scope = queueScopeSchema.safeParse(row.scope ?? {});
  return {
    settings: settings.success ? settings.data : DEFAULT_QUEUE_SETTINGS,
    scope: scope.success ? scope.data : {},
    cutoffs: row.cutoffs ?? SEED_THRESHOLDS.cutoffs,
  };
}
