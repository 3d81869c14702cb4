import { criterionTypeSchema, type CriterionType } from "@/lib/ingest/criterion-type.schema";
import { OVERALL_CRITERION } from "@/lib/rubric/rubric.schema";

/** A criterion_types row as the database holds it. */
export type CriterionTypeRow = { type: string; labels: string[] | null; positive: string | null; min: number | null; max: number | null };

/** The types the judge answers with a label, a label set or a number rather than a level. */
export type AnswerType = Exclude<CriterionType, { type: "ordinal" }>;

export type ReadCriterionType = { ok: true; type: CriterionType } | { ok: false; problem: string };

/** The criterion a turn is judged on: a generic dataset's dimension, else "overall". */
export function criterionOfTurn(dimension: string | null): string {
  return dimension ?? OVERALL_CRITERION;
}

/**
 * A criterion's type from its criterion_types row; no row means ordinal, as before types
 * existed. A row that does not make a valid type (a categorical criterion without labels)
 * is a problem to report, not a reason to fall back to levels.
 */
export function readCriterionType(criterion: string, row: CriterionTypeRow | undefined): ReadCriterionType {
  if (!row) return { ok: true, type: { type: "ordinal" } };
  const parsed = criterionTypeSchema.safeParse({
    type: row.type,
    labels: row.labels ?? undefined,
    positive: row.positive ?? undefined,
    min: row.min ?? undefined,
    max: row.max ?? undefined,
  });
  if (parsed.success) return { ok: true, type: parsed.data };
  const reasons = parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message));
  return { ok: false, problem: `criterion "${criterion}" has a ${row.type} type that cannot be used (${reasons.join("; ")})` };
}
