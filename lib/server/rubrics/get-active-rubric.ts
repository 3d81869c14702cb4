import "server-only";
import { rubricContentSchema, type ActiveRubric } from "@/lib/rubric/rubric.schema";
import { getDb } from "../db";
import { DEFAULT_RUBRIC_KEY, ensureDefaultRubric } from "./ensure-default-rubric";

/** The rubric raters rate against now; stores the default first when there is none yet. */
export async function getActiveRubric(): Promise<ActiveRubric> {
  const found = await findActive();
  if (found) return found;
  await ensureDefaultRubric();
  const created = await findActive();
  if (!created) throw new Error("the default rubric has no active version");
  return created;
}

async function findActive(): Promise<ActiveRubric | null> {
  const row = await getDb().rubricVersion.findFirst({
    where: { isActive: true, rubric: { key: DEFAULT_RUBRIC_KEY } },
    select: { id: true, version: true, criteria: true },
  });
  return row ? { versionId: row.id, version: row.version, content: rubricContentSchema.parse(row.criteria) } : null;
}
