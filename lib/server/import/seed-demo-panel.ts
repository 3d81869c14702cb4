import "server-only";
import { normalSource, uniformSource } from "@/lib/stats/seeded-random";
import { getDb } from "@/lib/server/db";
import { createPanel } from "../panels/create-panel";
import { HEURISTIC_JUDGE } from "./ensure-judge";

/** Three demo judges that share much of their error (a common noise per turn), each with a lean of its own. */
export const DEMO_PANEL_MEMBERS = [
  { name: "demo-judge-a", bias: 0.03 },
  { name: "demo-judge-b", bias: -0.02 },
  { name: "demo-judge-c", bias: 0.0 },
] as const;
export const DEMO_PANEL = "demo-panel";

/**
 * A demo panel for a new user: three judges whose scores are the heuristic judge's plus a
 * noise they share on each turn and a smaller one of their own, and the panel of their mean.
 * Their errors correlate, so the report's effective number of judges sits well below 3.
 */
export async function seedDemoPanel(sessionIds: number[], seed: number): Promise<number> {
  const db = getDb();
  const heuristic = await db.judge.findUniqueOrThrow({ where: { name_version: { name: HEURISTIC_JUDGE.name, version: HEURISTIC_JUDGE.version } }, select: { id: true } });
  const scores = await db.judgeScore.findMany({
    where: { judgeId: heuristic.id, turn: { sessionId: { in: sessionIds } } },
    orderBy: { turnId: "asc" },
    select: { turnId: true, overallScore: true },
  });
  const normal = normalSource(uniformSource(seed ^ 0x7a4e1));
  const shared = scores.map(() => 0.08 * normal());
  const memberIds: number[] = [];
  for (const member of DEMO_PANEL_MEMBERS) {
    const judge = await db.judge.upsert({ where: { name_version: { name: member.name, version: "1" } }, update: {}, create: { name: member.name, version: "1", kind: "imported" }, select: { id: true } });
    memberIds.push(judge.id);
    await db.judgeScore.createMany({
      data: scores.map((score, i) => ({
        turnId: score.turnId,
        judgeId: judge.id,
        overallScore: Math.round(Math.min(1, Math.max(0, score.overallScore + member.bias + shared[i] + 0.04 * normal())) * 1000) / 1000,
        isImported: true,
      })),
      skipDuplicates: true,
    });
  }
  const panel = await createPanel({ name: DEMO_PANEL, aggregate: "mean", members: memberIds });
  return panel.turns;
}
