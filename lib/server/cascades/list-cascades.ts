import "server-only";
import { isCascadeConfig, type CascadeConfig } from "@/lib/cascade/cascade.schema";
import { getDb } from "../db";

export type CascadeRow = { id: number; name: string; version: string; createdAt: Date; turns: number } & CascadeConfig["cascade"];

/** Every cascade judge, newest first, with how many turns it answered. */
export async function listCascades(): Promise<CascadeRow[]> {
  const judges = await getDb().judge.findMany({
    where: { kind: "cascade" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, version: true, config: true, createdAt: true, _count: { select: { scores: true } } },
  });
  return judges.flatMap(({ config, _count, ...judge }) => (isCascadeConfig(config) ? [{ ...judge, ...config.cascade, turns: _count.scores }] : []));
}
