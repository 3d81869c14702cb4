import "server-only";
import { getDb } from "../db";
import { listQueuePersonas } from "./list-queue-personas";

export type ScopeOptions = {
  personas: string[];
  imports: { id: number; label: string; createdAt: Date; turnCount: number }[];
};

/** What an admin can scope the queue to: the personas in it and the latest imports. */
export async function listScopeOptions(): Promise<ScopeOptions> {
  const db = getDb();
  const [personas, imports] = await Promise.all([
    listQueuePersonas(),
    db.import.findMany({ orderBy: { createdAt: "desc" }, take: 50, select: { id: true, fileName: true, source: true, createdAt: true, turnCount: true } }),
  ]);
  return {
    personas,
    imports: imports.map((row) => ({ id: row.id, label: row.fileName ?? `${row.source} import`, createdAt: row.createdAt, turnCount: row.turnCount })),
  };
}
