import "server-only";
import { weightsTableSchema, type Thresholds } from "@/lib/thresholds/thresholds.schema";
import type { ThresholdVersion, User } from "@/prisma/generated/client";
import { judgeVersionForWeights } from "./judge-version-for-weights";

/** A stored threshold version as the pages, the CLI and the services read it. */
export type ThresholdVersionRecord = Thresholds & {
  id: number;
  version: number;
  note: string;
  isActive: boolean;
  basedOnId: number | null;
  author: { id: number; name: string; email: string } | null;
  createdAt: Date;
  /** The heuristic judge version whose stored scores follow these weights. */
  judgeVersion: string;
};

export const WITH_AUTHOR = { author: { select: { id: true, name: true, email: true } } } as const;

export function toRecord(row: ThresholdVersion & { author: Pick<User, "id" | "name" | "email"> | null }): ThresholdVersionRecord {
  const weights = weightsTableSchema.parse(row.personaWeights);
  return {
    id: row.id,
    version: row.version,
    cutoffs: { fair: row.fairCutoff, good: row.goodCutoff, excellent: row.excellentCutoff },
    weights,
    note: row.note,
    isActive: row.isActive,
    basedOnId: row.basedOnId,
    author: row.author,
    createdAt: row.createdAt,
    judgeVersion: judgeVersionForWeights(weights),
  };
}
