import "server-only";
import { criterionTypeSchema, type CriterionType } from "@/lib/ingest/criterion-type.schema";
import { mergeCriterionType } from "@/lib/ingest/merge-criterion-type";
import type { ImportProblem } from "@/lib/ingest/problems";
import { OVERALL_CRITERION } from "@/lib/rubric/rubric.schema";
import { ImportInvalidError } from "./import-errors";
import type { Tx } from "./import-types";

const UPSERT_CRITERION_TYPES = `
INSERT INTO criterion_types (criterion, type, labels, positive, min, max, updated_at)
SELECT x.criterion, x.type, x.labels, x.positive, x.min, x.max, now()
FROM jsonb_to_recordset($1::jsonb) AS x(criterion text, type text, labels text[], positive text, min float8, max float8)
ON CONFLICT (criterion) DO UPDATE SET type = EXCLUDED.type, labels = EXCLUDED.labels, positive = EXCLUDED.positive,
  min = EXCLUDED.min, max = EXCLUDED.max, updated_at = now()`;

type StoredRow = { criterion: string; type: string; labels: string[] | null; positive: string | null; min: number | null; max: number | null };

function storedType(row: StoredRow): CriterionType | null {
  const parsed = criterionTypeSchema.safeParse({ type: row.type, labels: row.labels ?? undefined, positive: row.positive ?? undefined, min: row.min ?? undefined, max: row.max ?? undefined });
  return parsed.success ? parsed.data : null;
}

/**
 * Stores each criterion's type. A criterion stored already (by an earlier import or the
 * rubric) keeps its type, widened by this import's labels or range; an import that would
 * change its type or positive label is refused, naming the criterion (mergeCriterionType).
 * The rows are locked first, so two imports cannot both widen from the same old row.
 * "overall" is never stored: it is Concord's own four quality levels, which the queue and
 * the level report read.
 */
export async function upsertCriterionTypes(tx: Tx, all: readonly { criterion: string; type: CriterionType }[]): Promise<void> {
  // In name order, so that two imports lock the rows in the same order.
  const incoming = all
    .filter(({ criterion }) => criterion !== OVERALL_CRITERION)
    .sort((a, b) => (a.criterion < b.criterion ? -1 : a.criterion > b.criterion ? 1 : 0));
  if (incoming.length === 0) return;
  const { rows: storedRows } = await tx.query<StoredRow>(
    `SELECT criterion, type, labels, positive, min, max FROM criterion_types WHERE criterion = ANY($1::text[]) ORDER BY criterion FOR UPDATE`,
    [incoming.map((c) => c.criterion)],
  );
  const stored = new Map(storedRows.map((row) => [row.criterion, storedType(row)]));
  const problems: ImportProblem[] = [];
  const criteria = incoming.flatMap(({ criterion, type }) => {
    const merged = mergeCriterionType(criterion, stored.get(criterion) ?? null, type);
    if ("problem" in merged) {
      problems.push({ line: null, path: criterion, message: merged.problem });
      return [];
    }
    return [{ criterion, type: merged.type }];
  });
  if (problems.length > 0) throw new ImportInvalidError({ problems, omitted: 0 });
  const rows = criteria.map(({ criterion, type }) => ({
    criterion,
    type: type.type,
    labels: "labels" in type ? type.labels : null,
    positive: type.type === "binary" ? type.positive : null,
    min: type.type === "numeric" ? type.min : null,
    max: type.type === "numeric" ? type.max : null,
  }));
  await tx.query(UPSERT_CRITERION_TYPES, [JSON.stringify(rows)]);
}
