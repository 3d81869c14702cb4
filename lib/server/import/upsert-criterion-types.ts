import "server-only";
import type { CriterionType } from "@/lib/ingest/criterion-type.schema";
import { OVERALL_CRITERION } from "@/lib/rubric/rubric.schema";
import type { Tx } from "./import-types";

const UPSERT_CRITERION_TYPES = `
INSERT INTO criterion_types (criterion, type, labels, positive, min, max, updated_at)
SELECT x.criterion, x.type, x.labels, x.positive, x.min, x.max, now()
FROM jsonb_to_recordset($1::jsonb) AS x(criterion text, type text, labels text[], positive text, min float8, max float8)
ON CONFLICT (criterion) DO UPDATE SET type = EXCLUDED.type, labels = EXCLUDED.labels, positive = EXCLUDED.positive,
  min = EXCLUDED.min, max = EXCLUDED.max, updated_at = now()`;

/**
 * Stores each criterion's type, replacing what an earlier import stored under the same name
 * (the latest import's declaration or inference wins). "overall" is never stored: it is
 * Concord's own four quality levels, which the queue and the level report read.
 */
export async function upsertCriterionTypes(tx: Tx, all: readonly { criterion: string; type: CriterionType }[]): Promise<void> {
  const criteria = all.filter(({ criterion }) => criterion !== OVERALL_CRITERION);
  if (criteria.length === 0) return;
  // In name order, so that two imports lock the rows in the same order.
  const rows = [...criteria].sort((a, b) => (a.criterion < b.criterion ? -1 : a.criterion > b.criterion ? 1 : 0)).map(({ criterion, type }) => ({
    criterion,
    type: type.type,
    labels: "labels" in type ? type.labels : null,
    positive: type.type === "binary" ? type.positive : null,
    min: type.type === "numeric" ? type.min : null,
    max: type.type === "numeric" ? type.max : null,
  }));
  await tx.query(UPSERT_CRITERION_TYPES, [JSON.stringify(rows)]);
}
