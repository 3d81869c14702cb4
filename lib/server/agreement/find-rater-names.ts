import "server-only";
import { getDb } from "@/lib/server/db";

/**
 * Display names of rater keys: "u<id>" is a Concord user (their name), "a:<label>" an
 * annotator of imported ratings (the label itself).
 */
export async function findRaterNames(keys: readonly string[]): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  const userIds: number[] = [];
  for (const key of keys) {
    if (key.startsWith("a:")) names[key] = key.slice(2);
    else if (key.startsWith("u")) userIds.push(Number(key.slice(1)));
  }
  if (userIds.length > 0) {
    const users = await getDb().user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } });
    for (const user of users) names[`u${user.id}`] = user.name;
  }
  return names;
}
