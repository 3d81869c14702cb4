import "server-only";
import { getDb } from "../db";
import { DEFAULT_RUBRIC_KEY } from "./ensure-default-rubric";

export type RubricVersionSummary = {
  id: number;
  version: number;
  note: string | null;
  isActive: boolean;
  createdAt: Date;
  authorName: string | null;
  criteriaNames: string[];
  ratingCount: number;
};

/** The default rubric's history, newest first. */
export async function listRubricVersions(): Promise<RubricVersionSummary[]> {
  const rows = await getDb().rubricVersion.findMany({
    where: { rubric: { key: DEFAULT_RUBRIC_KEY } },
    orderBy: { version: "desc" },
    select: {
      id: true,
      version: true,
      note: true,
      isActive: true,
      createdAt: true,
      criteria: true,
      createdBy: { select: { name: true } },
      _count: { select: { ratings: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    note: row.note,
    isActive: row.isActive,
    createdAt: row.createdAt,
    authorName: row.createdBy?.name ?? null,
    criteriaNames: criteriaNames(row.criteria),
    ratingCount: row._count.ratings,
  }));
}

function criteriaNames(criteria: unknown): string[] {
  const list = (criteria as { criteria?: { name?: unknown }[] } | null)?.criteria;
  return Array.isArray(list) ? list.map((c) => String(c.name ?? "")) : [];
}
