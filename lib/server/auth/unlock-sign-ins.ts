import "server-only";
import { getDb } from "../db";
import { THROTTLE } from "./sign-in-throttle";

/**
 * An admin's unlock: the failed sign-ins of this email within the window stop counting,
 * from every address (they stay in the table, marked cleared, for the record).
 * Returns how many failures were cleared.
 */
export async function unlockSignIns(email: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const { count } = await getDb().signInAttempt.updateMany({
    where: { email: email.trim().toLowerCase(), isSuccess: false, clearedAt: null, attemptedAt: { gte: since } },
    data: { clearedAt: now },
  });
  return count;
}

/** Which of these emails a lock now holds, from some address or from all of them. */
export async function findLockedEmails(emails: string[], now = new Date()): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const rows = await getDb().$queryRaw<Array<{ email: string }>>`
    WITH failures AS (
      SELECT a.email, a.ip_address FROM sign_in_attempts a
      WHERE a.email = ANY(${emails}) AND NOT a.is_success AND a.cleared_at IS NULL AND a.attempted_at >= ${since}
    ), pair_failures AS (
      SELECT a.email, a.ip_address FROM sign_in_attempts a
      WHERE a.email = ANY(${emails}) AND NOT a.is_success AND a.cleared_at IS NULL AND a.attempted_at >= ${since}
        AND NOT EXISTS (
          SELECT 1 FROM sign_in_attempts s
          WHERE s.email = a.email AND s.ip_address = a.ip_address AND s.is_success AND s.attempted_at > a.attempted_at
        )
    )
    SELECT email FROM pair_failures GROUP BY email, ip_address HAVING count(*) >= ${THROTTLE.pair.lockAfter}
    UNION
    SELECT email FROM failures GROUP BY email HAVING count(*) >= ${THROTTLE.email.lockAfter}`;
  return new Set(rows.map((row) => row.email));
}
