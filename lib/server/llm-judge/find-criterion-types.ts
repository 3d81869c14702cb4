import "server-only";
import type { CriterionTypeRow } from "@/lib/llm-judge/criterion-type";
import { getDb } from "../db";

/**
 * Every criterion's declared type, by criterion name, from criterion_types (written by the
 * import and by rubric saves). A criterion without a row is ordinal.
 */
export async function findCriterionTypes(): Promise<Map<string, CriterionTypeRow>> {
  const rows = await getDb().criterionType.findMany({ select: { criterion: true, type: true, labels: true, positive: true, min: true, max: true } });
  return new Map(rows.map(({ criterion, ...row }) => [criterion, row]));
}
