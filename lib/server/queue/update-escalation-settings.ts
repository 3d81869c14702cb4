import "server-only";
import { ESCALATION_SETTINGS_KEY, escalationSettingsSchema, type EscalationSettings } from "@/lib/queue/escalation.schema";
import { getDb } from "../db";
import { wakeServerJobWorker } from "../jobs/start-server-job-worker";
import { getEscalationRefreshState, type EscalationRefreshState } from "./escalation-refresh-job";

/**
 * Stores the queue design, the escalation share and the escalation limits (admins). At
 * commit the settings trigger (migration "escalation_refresh_off_save_path") refreshes the
 * items near a cut-off when the margin changed, and when another limit changed enqueues the
 * job that recomputes every item ("queue-escalation-refresh"); this wakes the worker for it.
 * Returns the refresh still to run, null when the queue already follows the new limits.
 */
export async function updateEscalationSettings(settings: EscalationSettings): Promise<EscalationRefreshState | null> {
  const value = escalationSettingsSchema.parse(settings);
  await getDb().setting.upsert({ where: { key: ESCALATION_SETTINGS_KEY }, create: { key: ESCALATION_SETTINGS_KEY, value }, update: { value } });
  const refresh = await getEscalationRefreshState();
  if (refresh) wakeServerJobWorker();
  return refresh;
}
