import "server-only";
import { getDb } from "../db";

/**
 * Sign-in throttling, counted from the sign_in_attempts table so that every server
 * instance agrees. Three counters of failures within the window:
 * - per (email, address): slowed after 3, locked after 10. Only a success of that email
 *   from that address resets it; this is the lock a guesser meets first.
 * - per email, from every address: slowed after 30, locked after 100. Reaching it takes
 *   ten addresses, so one attacker cannot lock a real user out from everywhere with ten
 *   wrong passwords; no success resets it, only the window or an admin's unlock.
 * - per address, over every email: slowed after 10, locked after 50; never reset by a
 *   success, so a valid account does not buy guesses at another.
 * An attempt is counted (recorded as a failure) before its password is checked, under
 * transaction-level advisory locks on the address and the email, so parallel attempts
 * cannot all read "below the limit": the 11th of 50 parallel guesses finds 10 counted.
 */
export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  pair: { slowAfter: 3, lockAfter: 10 },
  email: { slowAfter: 30, lockAfter: 100 },
  address: { slowAfter: 10, lockAfter: 50 },
  maxDelayMs: 4000,
} as const;

/** First key of every advisory lock taken here ("si"), apart from other uses of them. */
const LOCK_NAMESPACE = 0x7369;

export type Reservation = { ok: true; attemptId: number; delayMs: number } | { ok: false; retryAfterMs: number };

type Counts = {
  pair_count: number;
  pair_latest: Date | null;
  email_count: number;
  email_latest: Date | null;
  address_count: number;
  address_latest: Date | null;
};

function lockedFor(count: number, latest: Date | null, lockAfter: number, now: Date): number {
  if (count < lockAfter || !latest) return 0;
  return Math.max(0, latest.getTime() + THROTTLE.windowMs - now.getTime());
}

function delayFor(count: number, slowAfter: number): number {
  if (count < slowAfter) return 0;
  return Math.min(THROTTLE.maxDelayMs, 250 * 2 ** (count - slowAfter));
}

/**
 * Counts this attempt before the password is checked: refuses it while a lock holds,
 * otherwise records it as a failure (settleAttempt turns it into a success) and says how
 * long to slow it down.
 */
export async function reserveAttempt(input: { email: string; ipAddress: string; now?: Date }): Promise<Reservation> {
  const now = input.now ?? new Date();
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const { email, ipAddress } = input;
  return getDb().$transaction(
    async (tx) => {
      // Always address first, then email: one order everywhere, so no deadlock.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${`address:${ipAddress}`}))`;
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${`email:${email}`}))`;
      const [counts] = await tx.$queryRaw<Counts[]>`
        WITH pair_success AS (
          SELECT max(attempted_at) AS at FROM sign_in_attempts
          WHERE email = ${email} AND ip_address = ${ipAddress} AND is_success AND attempted_at >= ${since}
        ), failures AS (
          SELECT a.*, (a.email = ${email} AND a.ip_address = ${ipAddress} AND a.attempted_at > coalesce(s.at, ${since})) AS in_pair
          FROM sign_in_attempts a CROSS JOIN pair_success s
          WHERE (a.email = ${email} OR a.ip_address = ${ipAddress})
            AND NOT a.is_success AND a.cleared_at IS NULL AND a.attempted_at >= ${since}
        )
        SELECT
          count(*) FILTER (WHERE in_pair)::int AS pair_count,
          max(attempted_at) FILTER (WHERE in_pair) AS pair_latest,
          count(*) FILTER (WHERE email = ${email})::int AS email_count,
          max(attempted_at) FILTER (WHERE email = ${email}) AS email_latest,
          count(*) FILTER (WHERE ip_address = ${ipAddress})::int AS address_count,
          max(attempted_at) FILTER (WHERE ip_address = ${ipAddress}) AS address_latest
        FROM failures`;
      const retryAfterMs = Math.max(
        lockedFor(counts.pair_count, counts.pair_latest, THROTTLE.pair.lockAfter, now),
        lockedFor(counts.email_count, counts.email_latest, THROTTLE.email.lockAfter, now),
        lockedFor(counts.address_count, counts.address_latest, THROTTLE.address.lockAfter, now),
      );
      if (retryAfterMs > 0) return { ok: false, retryAfterMs };
      const attempt = await tx.signInAttempt.create({ data: { email, ipAddress, isSuccess: false, attemptedAt: now }, select: { id: true } });
      const delayMs = Math.max(
        delayFor(counts.pair_count, THROTTLE.pair.slowAfter),
        delayFor(counts.email_count, THROTTLE.email.slowAfter),
        delayFor(counts.address_count, THROTTLE.address.slowAfter),
      );
      return { ok: true, attemptId: attempt.id, delayMs };
    },
    // Waiting for the advisory lock is waiting in line, not a stuck transaction.
    { maxWait: 15_000, timeout: 15_000 },
  );
}

/** The password was right: the reserved attempt becomes a success. */
export async function markAttemptSucceeded(attemptId: number): Promise<void> {
  await getDb().signInAttempt.update({ where: { id: attemptId }, data: { isSuccess: true } });
}

/** No password was checked (the server was too busy): the attempt does not count. */
export async function withdrawAttempt(attemptId: number): Promise<void> {
  await getDb().signInAttempt.deleteMany({ where: { id: attemptId } });
}
