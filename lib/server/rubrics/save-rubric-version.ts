import "server-only";
import { criterionTypeRows } from "@/lib/rubric/criterion-type-row";
import { rubricContentSchema, type RubricContent } from "@/lib/rubric/rubric.schema";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { DEFAULT_RUBRIC_KEY, ensureDefaultRubric } from "./ensure-default-rubric";

export type SaveRubricInput = {
  content: RubricContent;
  note: string;
  /** The version the admin edited; refused when another admin saved since. */
  basedOnVersionId: number;
  authorId: number | null;
};

/**
 * Saves an edited rubric as a new version and makes it the active one, in one transaction
 * that locks the rubric row, so two admins saving at once get versions n+1 and a refusal
 * rather than two "active" versions. Ratings keep pointing at the version they were made under.
 * Each criterion's type (but overall's) is upserted into criterion_types in the same
 * transaction, so the agreement report reads the types of the active rubric.
 */
export async function saveRubricVersion({ content, note, basedOnVersionId, authorId }: SaveRubricInput): Promise<{ id: number; version: number }> {
  const parsed = rubricContentSchema.parse(content);
  await ensureDefaultRubric();
  return getDb().$transaction(async (tx) => {
    const [rubric] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM rubrics WHERE key = ${DEFAULT_RUBRIC_KEY} FOR UPDATE`;
    const active = await tx.rubricVersion.findFirst({ where: { rubricId: rubric.id, isActive: true }, select: { id: true, version: true } });
    if (active && active.id !== basedOnVersionId) {
      throw new DomainError("conflict", `Another admin saved version ${active.version} while you were editing. Reload to see it, then apply your changes again.`);
    }
    const latest = await tx.rubricVersion.aggregate({ where: { rubricId: rubric.id }, _max: { version: true } });
    await tx.rubricVersion.updateMany({ where: { rubricId: rubric.id, isActive: true }, data: { isActive: false } });
    const types = criterionTypeRows(parsed);
    if (types.length > 0) {
      await tx.$executeRaw`
        INSERT INTO criterion_types (criterion, type, labels, positive, min, max, updated_at)
        SELECT x.criterion, x.type, x.labels, x.positive, x.min, x.max, now()
        FROM jsonb_to_recordset(${JSON.stringify(types)}::jsonb) AS x(criterion text, type text, labels text[], positive text, min float8, max float8)
        ON CONFLICT (criterion) DO UPDATE SET type = EXCLUDED.type, labels = EXCLUDED.labels, positive = EXCLUDED.positive,
          min = EXCLUDED.min, max = EXCLUDED.max, updated_at = now()`;
    }
    return tx.rubricVersion.create({
      data: { rubricId: rubric.id, version: (latest._max.version ?? 0) + 1, criteria: parsed, note, isActive: true, createdById: authorId },
      select: { id: true, version: true },
    });
  });
}
