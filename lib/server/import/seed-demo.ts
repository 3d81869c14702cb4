import "server-only";
import { levelFromCutoffs } from "@/lib/stats";
import { normalSource, uniformSource } from "@/lib/stats/seeded-random";
import { bytesSource } from "@/lib/ingest/read-lines";
import { getDb } from "@/lib/server/db";
import { genericFieldsSchema } from "@/lib/ingest/import-options.schema";
import { buildDemoLabels, DEMO_LABEL_CRITERIA } from "./build-demo-labels";
import { buildDemoLog } from "./build-demo-log";
import { HEURISTIC_JUDGE } from "./ensure-judge";
import { importGeneric } from "./import-generic";
import { importLog } from "./import-log";
import { seedDemoCalibrated } from "./seed-demo-calibrated";
import { seedDemoCascade } from "./seed-demo-cascade";
import { seedDemoDrift } from "./seed-demo-drift";
import { seedDemoPanel } from "./seed-demo-panel";
import { seedDemoPairwise } from "./seed-demo-pairwise";

/** Three demo raters: each sees the judge's level through their own leniency and noise. */
export const DEMO_RATERS = [
  { email: "rater1@demo.concord.local", name: "Demo Rater 1", bias: 0.0, noise: 0.07 },
  { email: "rater2@demo.concord.local", name: "Demo Rater 2", bias: 0.04, noise: 0.08 },
  { email: "rater3@demo.concord.local", name: "Demo Rater 3", bias: -0.03, noise: 0.09 },
] as const;
/** The cut-offs of seed 002 §4.2, as ascending Fair, Good, Excellent thresholds. */
const CUTOFFS = [0.5, 0.65, 0.8];
/**
 * Every rated turn gets two of the three raters; every third one all three, so the report
 * has items with three raters (the alternative annotator test leaves one rater out and
 * still needs others to compare against, and the human ceiling needs overlap).
 */
const ALL_RATERS_EVERY = 3;

export type SeedDemoResult =
  | { status: "skipped"; reason: string }
  | { status: "seeded"; sessions: number; turns: number; ratings: number; raters: number; labelled: { turns: number; ratings: number }; comparisons: number; panelTurns: number };

/** True when no session is stored: what `npm start` checks before seeding. */
export async function isDatabaseEmpty(): Promise<boolean> {
  return (await getDb().evalSession.count()) === 0;
}

/**
 * Demo data for a fresh install: `sessions` orchestrator sessions imported (source demo) and
 * scored by the heuristic judge through the import service, and ratings on about half their
 * turns by two or three of three demo raters (who cannot sign in). Does nothing when sessions exist.
 */
export async function seedDemo({ sessions = 60, seed = 20251012, now = new Date() }: { sessions?: number; seed?: number; now?: Date } = {}): Promise<SeedDemoResult> {
  if (!(await isDatabaseEmpty())) return { status: "skipped", reason: "the database already holds sessions" };
  // A day's demo is the same data, so two first starts racing each other import it once.
  const day = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  const text = [...buildDemoLog({ sessions, seed, now: day })].map((line) => JSON.stringify(line)).join("\n");
  const imported = await importLog({ input: { kind: "ndjson", source: bytesSource(new TextEncoder().encode(text)) }, actor: { source: "demo" }, fileName: "demo.jsonl" });
  const raterIds = await createDemoRaters();
  const ratings = await rateHalfTheTurns(imported.sessions.map((s) => s.id), raterIds, seed, day);
  const comparisons = await seedDemoPairwise(imported.sessions.map((s) => s.id), seed);
  const panelTurns = await seedDemoPanel(imported.sessions.map((s) => s.id), seed);
  await seedDemoCalibrated();
  await seedDemoDrift(imported.sessions.map((s) => s.id), seed, day);
  await seedDemoCascade();
  const labelled = await importGeneric({
    text: buildDemoLabels(seed),
    fileName: "demo-labels.jsonl",
    actor: { source: "demo" },
    sessionId: "demo-labels",
    fields: genericFieldsSchema.parse({
      judgeField: "judge",
      humanFields: ["human"],
      judgeName: "demo-llm",
      confidenceField: "confidence",
      criterionTypes: DEMO_LABEL_CRITERIA,
    }),
  });
  return {
    status: "seeded",
    sessions: imported.sessions.length,
    turns: imported.turnCount,
    ratings,
    raters: raterIds.length,
    labelled: { turns: labelled.turnCount, ratings: labelled.ratingCount },
    comparisons,
    panelTurns,
  };
}

async function createDemoRaters(): Promise<number[]> {
  const ids: number[] = [];
  for (const rater of DEMO_RATERS) {
    const user = await getDb().user.upsert({
      where: { email: rater.email },
      update: {},
      create: { email: rater.email, name: rater.name, role: "rater", passwordHash: null, isActive: true },
      select: { id: true },
    });
    ids.push(user.id);
  }
  return ids;
}

async function rateHalfTheTurns(sessionIds: number[], raterIds: number[], seed: number, now: Date): Promise<number> {
  const { id: judgeId } = await getDb().judge.findUniqueOrThrow({ where: { name_version: { name: HEURISTIC_JUDGE.name, version: HEURISTIC_JUDGE.version } } });
  const turns = await getDb().turn.findMany({
    where: { sessionId: { in: sessionIds } },
    orderBy: [{ sessionId: "asc" }, { ordinal: "asc" }],
    select: { id: true, occurredAt: true, judgeScores: { where: { judgeId }, select: { overallScore: true } } },
  });
  const random = uniformSource(seed ^ 0x5eed);
  const normal = normalSource(random);
  const chosen = turns
    .map((turn) => ({ turn, key: random() }))
    .sort((a, b) => a.key - b.key)
    .slice(0, Math.floor(turns.length / 2))
    .map(({ turn }) => turn);
  const rows = chosen.flatMap((turn, index) => {
    const score = turn.judgeScores[0]?.overallScore ?? 0;
    const skipped = index % ALL_RATERS_EVERY === 0 ? -1 : Math.floor(random() * DEMO_RATERS.length);
    const raters = DEMO_RATERS.map((rater, i) => ({ rater, id: raterIds[i] })).filter((_, i) => i !== skipped);
    return raters.map(({ rater, id }) => {
      const rated = (turn.occurredAt ?? now).getTime() + (1 + random() * 96) * 3600_000;
      return {
        turnId: turn.id,
        raterId: id,
        criterion: "overall",
        level: levelFromCutoffs(score + rater.bias + rater.noise * normal(), CUTOFFS, 1),
        timeSpentMs: Math.floor(6_000 + random() * 50_000),
        source: "queue" as const,
        createdAt: new Date(Math.min(rated, now.getTime())),
      };
    });
  });
  const result = await getDb().rating.createMany({ data: rows, skipDuplicates: true });
  return result.count;
}
