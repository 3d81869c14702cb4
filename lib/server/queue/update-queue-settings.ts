import "server-only";
import { QUEUE_SETTINGS_KEY, queueSettingsSchema, type QueueSettings } from "@/lib/queue/settings.schema";
import { getDb } from "../db";

/** Stores k, the lease time, the gold rate and the skip cool-down (admins). */
export async function updateQueueSettings(settings: QueueSettings): Promise<void> {
  const value = queueSettingsSchema.parse(settings);
  await getDb().setting.upsert({ where: { key: QUEUE_SETTINGS_KEY }, create: { key: QUEUE_SETTINGS_KEY, value }, update: { value } });
}
