import "server-only";
import { QUEUE_SCOPE_KEY, queueScopeSchema, type QueueScope } from "@/lib/queue/settings.schema";
import { getDb } from "../db";

/** Stores which turns the queue serves (admins); an empty scope serves every scored turn. */
export async function updateQueueScope(scope: QueueScope): Promise<void> {
  const value = queueScopeSchema.parse(scope);
  await getDb().setting.upsert({ where: { key: QUEUE_SCOPE_KEY }, create: { key: QUEUE_SCOPE_KEY, value }, update: { value } });
}
