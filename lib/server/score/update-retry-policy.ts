import "server-only";
import { RETRY_POLICY_KEY, retryPolicySchema, type RetryPolicy } from "@/lib/score/retry-policy.schema";
import { noteChange } from "../changes/change-listener";
import { databaseUrl, getDb } from "../db";

/** Replaces the retry policy (admins); every server answers with it within seconds. */
export async function updateRetryPolicy(policy: RetryPolicy): Promise<RetryPolicy> {
  const value = retryPolicySchema.parse(policy);
  await getDb().setting.upsert({ where: { key: RETRY_POLICY_KEY }, create: { key: RETRY_POLICY_KEY, value }, update: { value } });
  noteChange(databaseUrl(), "settings");
  return value;
}
