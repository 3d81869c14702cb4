import "server-only";
import type { RaterProgress } from "@/lib/queue/queue-view";
import { getDb } from "../db";
import type { QueueConfig } from "./get-queue-config";
import { inScope, isGold } from "./queue-conditions";

/** The rater's own count (all time, and today in UTC) and the work left in the queue's scope. */
export async function getRaterProgress(raterId: number, { settings, scope }: QueueConfig): Promise<RaterProgress> {
  const db = getDb();
  const k = settings.ratingsPerTurn;
  const [[mine], [left]] = await Promise.all([
    db.$queryRaw<{ total: number; today: number }[]>`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today
      FROM ratings WHERE rater_id = ${raterId}::int AND criterion = 'overall'`,
    db.$queryRaw<{ open_items: number; wanted: number }[]>`
      SELECT count(*)::int AS open_items, COALESCE(sum(${k}::int - q.rating_count), 0)::int AS wanted
      FROM queue_items q WHERE q.rating_count < ${k}::int AND ${inScope(scope)} AND NOT ${isGold}`,
  ]);
  return { ratedTotal: mine.total, ratedToday: mine.today, openItems: left.open_items, ratingsWanted: left.wanted, ratingsPerTurn: k };
}
