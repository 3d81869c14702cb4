import "server-only";
import { readRetryPolicy, RETRY_POLICY_KEY, type RetryPolicy } from "@/lib/score/retry-policy.schema";
import { getDb } from "../db";

/** The retry policy in force (the default, retry below 0.5, until an admin saves one). */
export async function getRetryPolicy(): Promise<RetryPolicy> {
  const row = await getDb().setting.findUnique({ where: { key: RETRY_POLICY_KEY }, select: { value: true } });
  return readRetryPolicy(row?.value ?? null);
}
