import "server-only";
import { ESCALATION_SETTINGS_KEY, escalationSettingsSchema, type EscalationSettings } from "@/lib/queue/escalation.schema";
import { getDb } from "../db";

/**
 * Stores the queue design, the escalation share and the escalation limits (admins). The
 * settings trigger (migration "queue_escalation") recomputes every queue item's reasons in
 * the same transaction, so the next take already follows the new limits.
 */
export async function updateEscalationSettings(settings: EscalationSettings): Promise<void> {
  const value = escalationSettingsSchema.parse(settings);
  await getDb().setting.upsert({ where: { key: ESCALATION_SETTINGS_KEY }, create: { key: ESCALATION_SETTINGS_KEY, value }, update: { value } });
}
