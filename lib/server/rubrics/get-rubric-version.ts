import "server-only";
import { rubricContentSchema, type ActiveRubric } from "@/lib/rubric/rubric.schema";
import { getDb } from "../db";

// A version is never changed once saved (an edit makes a new one), so a parsed version can
// be kept per process: every submit checks its levels against one without a round trip.
const cache = new Map<number, ActiveRubric>();
const CACHE_SIZE = 32;

/** One stored rubric version (active or not), e.g. the one a rating is made under. */
export async function getRubricVersion(versionId: number): Promise<ActiveRubric | null> {
  const cached = cache.get(versionId);
  if (cached) return cached;
  const row = await getDb().rubricVersion.findUnique({ where: { id: versionId }, select: { id: true, version: true, criteria: true } });
  if (!row) return null;
  const version = { versionId: row.id, version: row.version, content: rubricContentSchema.parse(row.criteria) };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(versionId, version);
  return version;
}
