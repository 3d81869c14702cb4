import "server-only";
import type { ScopeOptions } from "@/lib/agreement/scope-options";
import { getDb } from "@/lib/server/db";
import { getDataVersion } from "./get-data-version";
import { optionsCache } from "./report-cache";

const MAX_IMPORTS = 200;
const MAX_VALUES = 500;

/**
 * The distinct values of an indexed column without reading the whole table: one index probe
 * per value ("loose index scan", a recursive CTE), fast with a handful of personas among
 * millions of turns.
 */
function distinctValuesSql(table: string, column: string, where = "true"): string {
  return `
    WITH RECURSIVE v AS (
      (SELECT ${column} AS value FROM ${table} WHERE ${where} AND ${column} IS NOT NULL ORDER BY ${column} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${column} FROM ${table} WHERE ${where} AND ${column} > v.value ORDER BY ${column} LIMIT 1)
      FROM v WHERE v.value IS NOT NULL
    )
    SELECT value FROM v WHERE value IS NOT NULL LIMIT ${MAX_VALUES}`;
}

export async function findScopeOptions(): Promise<ScopeOptions> {
  const version = await getDataVersion();
  const cached = optionsCache.get(version) as ScopeOptions | undefined;
  if (cached) return cached;
  const db = getDb();
  const [judges, thresholds, personas, ratingCriteria, dimensions, typed, imports] = await Promise.all([
    db.$queryRawUnsafe<ScopeOptions["judges"]>(
      `SELECT j.name, j.version, j.kind::text AS kind,
         (EXISTS (SELECT 1 FROM judge_scores s WHERE s.judge_id = j.id)
           OR EXISTS (SELECT 1 FROM judge_labels l WHERE l.judge_id = j.id)
           OR EXISTS (SELECT 1 FROM pairwise_comparisons p WHERE p.judge_id = j.id)) AS "hasScores"
       FROM judges j ORDER BY j.name, j.id DESC`,
    ),
    db.thresholdVersion.findMany({ orderBy: { version: "desc" } }),
    db.$queryRawUnsafe<{ value: string }[]>(distinctValuesSql("turns", "persona_id")),
    db.$queryRawUnsafe<{ value: string }[]>(`SELECT DISTINCT criterion AS value FROM ratings WHERE level IS NOT NULL LIMIT ${MAX_VALUES}`),
    db.$queryRawUnsafe<{ value: string }[]>(distinctValuesSql("turns", "dimension", "dimension IS NOT NULL")),
    // Label and numeric criteria rated under their own name have no level ratings.
    db.criterionType.findMany({ select: { criterion: true }, take: MAX_VALUES }),
    db.import.findMany({ orderBy: { id: "desc" }, take: MAX_IMPORTS, select: { id: true, fileName: true, createdAt: true, turnCount: true } }),
  ]);
  const options: ScopeOptions = {
    judges,
    thresholds: thresholds.map((t) => ({
      version: t.version,
      isActive: t.isActive,
      note: t.note,
      cutoffs: { fair: t.fairCutoff, good: t.goodCutoff, excellent: t.excellentCutoff },
    })),
    personas: personas.map((p) => p.value),
    criteria: [...new Set([...ratingCriteria.map((c) => c.value), ...dimensions.map((d) => d.value), ...typed.map((t) => t.criterion)])].sort(),
    imports: imports.map((i) => ({ id: i.id, fileName: i.fileName, createdAt: i.createdAt.toISOString(), turnCount: i.turnCount })),
  };
  optionsCache.set(version, options);
  return options;
}
