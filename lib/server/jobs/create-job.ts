import "server-only";
import { getDb } from "../db";

/** A new pending job; the worker picks it up on its next poll. */
export async function createJob(input: { kind: string; payload: Record<string, unknown>; total: number; endpointId?: number | null; createdById?: number | null }): Promise<number> {
  const row = await getDb().job.create({
    data: {
      kind: input.kind,
      payload: input.payload as object,
      total: input.total,
      endpointId: input.endpointId ?? null,
      createdById: input.createdById ?? null,
    },
    select: { id: true },
  });
  return row.id;
}
