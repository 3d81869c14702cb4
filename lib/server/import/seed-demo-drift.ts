import "server-only";
import { normalSource, uniformSource } from "@/lib/stats/seeded-random";
import { getDb } from "@/lib/server/db";
import { HEURISTIC_JUDGE } from "./ensure-judge";

/** The model behind each demo backend: what wrote the demo sessions' answers. */
export const DEMO_GENERATOR_MODELS: Record<string, string> = {
  openai_gpt4o: "gpt-4o",
  vllm_llama3: "llama-3.1-70b-instruct",
  local_ollama: "qwen2.5:14b",
};

/** An LLM-like demo judge of the OpenAI family, in three prompt versions; the third got worse. */
export const DEMO_DRIFT_JUDGE = { name: "demo-gpt-judge", model: "gpt-4o-mini" } as const;
const VERSIONS = [
  { version: "p1", noise: 0.035, daysAgo: 21 },
  { version: "p2", noise: 0.03, daysAgo: 10 },
  { version: "p3", noise: 0.14, daysAgo: 2 },
] as const;
/** How much more the demo judge gives answers written by its own family (GPT), on the 0–1 score. */
const OWN_FAMILY_LIFT = 0.09;

/**
 * Demo data for the report's "Judge versions" and self-enhancement sections: the demo
 * sessions' turns get the generator model of their backend, and a judge whose own model is
 * gpt-4o-mini scores every turn in three versions made days apart — the heuristic judge's
 * score plus noise of its own, plus a lift on answers written by GPT. Version p3 is much
 * noisier, so its κ falls below p2's interval (a regression); every version favours its own
 * family more than the demo raters do. Returns the number of turns each version scored.
 */
export async function seedDemoDrift(sessionIds: number[], seed: number, now: Date): Promise<number> {
  const db = getDb();
  for (const [backend, model] of Object.entries(DEMO_GENERATOR_MODELS)) {
    await db.turn.updateMany({ where: { sessionId: { in: sessionIds }, backendId: backend }, data: { generatorModel: model } });
  }
  const heuristic = await db.judge.findUniqueOrThrow({ where: { name_version: { name: HEURISTIC_JUDGE.name, version: HEURISTIC_JUDGE.version } }, select: { id: true } });
  const scores = await db.judgeScore.findMany({
    where: { judgeId: heuristic.id, turn: { sessionId: { in: sessionIds } } },
    orderBy: { turnId: "asc" },
    select: { turnId: true, overallScore: true, turn: { select: { generatorModel: true } } },
  });
  const normal = normalSource(uniformSource(seed ^ 0xd71f7));
  for (const { version, noise, daysAgo } of VERSIONS) {
    const judge = await db.judge.upsert({
      where: { name_version: { name: DEMO_DRIFT_JUDGE.name, version } },
      update: {},
      create: {
        name: DEMO_DRIFT_JUDGE.name,
        version,
        kind: "imported",
        config: { model: DEMO_DRIFT_JUDGE.model, note: "demo: an LLM judge's prompt versions" },
        createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
      },
      select: { id: true },
    });
    await db.judgeScore.createMany({
      data: scores.map((score) => {
        const lift = score.turn.generatorModel?.startsWith("gpt") ? OWN_FAMILY_LIFT : 0;
        const value = score.overallScore + lift + noise * normal();
        return { turnId: score.turnId, judgeId: judge.id, overallScore: Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000, isImported: true };
      }),
      skipDuplicates: true,
    });
  }
  return scores.length;
}
