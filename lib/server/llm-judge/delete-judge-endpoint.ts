import "server-only";
import { getDb } from "../db";
import { DomainError } from "../errors";

/**
 * Deletes an endpoint. Its judges and their scores stay (judges.endpoint_id becomes null):
 * the scores remain comparable in the agreement report. Refused while a run uses it.
 */
export async function deleteJudgeEndpoint(endpointId: number): Promise<void> {
  const db = getDb();
  const active = await db.job.count({ where: { endpointId, status: { in: ["pending", "running"] } } });
  if (active > 0) throw new DomainError("conflict", "A run is using this endpoint: cancel it or let it finish first.");
  const { count } = await db.judgeEndpoint.deleteMany({ where: { id: endpointId } });
  if (count === 0) throw new DomainError("not_found", "That endpoint no longer exists.");
}
