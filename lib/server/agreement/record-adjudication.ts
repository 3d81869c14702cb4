import "server-only";
import type { AdjudicationInput } from "@/lib/agreement/adjudication.schema";
import { getDb } from "@/lib/server/db";
import { DomainError } from "@/lib/server/errors";

/**
 * Records an admin's adjudicated level for a turn on a criterion: one per turn and
 * criterion, so adjudicating again replaces the level, note, adjudicator and time. The
 * report then uses it in place of the raters' median (the new time changes its data version).
 */
export async function recordAdjudication(input: AdjudicationInput & { adjudicatorId: number }): Promise<{ isUpdate: boolean }> {
  const db = getDb();
  const turn = await db.turn.findUnique({ where: { id: input.turnId }, select: { id: true } });
  if (!turn) throw new DomainError("not_found", "That turn no longer exists.");
  const rows = await db.$queryRawUnsafe<{ is_update: boolean }[]>(
    `INSERT INTO adjudications (turn_id, criterion, level, note, adjudicator_id, created_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (turn_id, criterion) DO UPDATE
       SET level = EXCLUDED.level, note = EXCLUDED.note, adjudicator_id = EXCLUDED.adjudicator_id, created_at = EXCLUDED.created_at
     RETURNING (xmax <> 0) AS is_update`,
    input.turnId,
    input.criterion,
    input.level,
    input.note ?? null,
    input.adjudicatorId,
  );
  return { isUpdate: rows[0].is_update };
}
