import "server-only";
import { QUALITY_LEVELS } from "@/lib/thresholds/levels";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { DomainError } from "../errors";

export type CreateGoldItemInput = { turnId: number; level: number; note: string | null; createdById: number | null };

/** Makes a turn a gold item with its agreed overall level (admins). */
export async function createGoldItem({ turnId, level, note, createdById }: CreateGoldItemInput): Promise<{ id: number }> {
  if (!Number.isInteger(level) || level < 1 || level > QUALITY_LEVELS.length) {
    throw new DomainError("invalid", "Pick the agreed level", { level: "Pick the agreed level" });
  }
  const db = getDb();
  const inQueue = await db.queueItem.findUnique({ where: { turnId }, select: { turnId: true } });
  if (!inQueue) throw new DomainError("invalid", `Turn ${turnId} is not in the rating queue (no judge score).`, { turnId: "Not a turn of the queue" });
  try {
    return await db.goldItem.create({ data: { turnId, criterion: "overall", level, note, createdById }, select: { id: true } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new DomainError("conflict", `Turn ${turnId} is a gold item already.`, { turnId: "Already a gold item" });
    }
    throw error;
  }
}
