import "server-only";
import { normalSource, uniformSource } from "@/lib/stats/seeded-random";
import { getDb } from "@/lib/server/db";
import { HEURISTIC_JUDGE } from "./ensure-judge";

/** The demo's pairwise judge: its verdicts arrived with the data, as an imported judge's do. */
export const DEMO_PAIRWISE_JUDGE = { name: "demo-pairwise", version: "1" };

type Winner = "model_a" | "tie" | "model_b";

/** A gap inside ±TIE_BAND is a tie, for the demo people and the demo judge alike. */
const TIE_BAND = 0.03;
/** How far each pass leans toward the response shown first: the position bias the swap reveals. */
const POSITION_BIAS = 0.035;

const winnerOf = (gap: number): Winner => (gap > TIE_BAND ? "model_a" : gap < -TIE_BAND ? "model_b" : "tie");

/**
 * Pairwise comparisons for the demo: the last turn of each session against the next
 * session's, judged by DEMO_PAIRWISE_JUDGE in two passes (A first, then B first) that lean
 * toward the response shown first, with a confidence that grows with the gap it sees, and a
 * person's verdict on each. So a new user sees the pairwise section with position
 * consistency, agreement by confidence band and a reliability diagram. Returns the count.
 */
export async function seedDemoPairwise(sessionIds: number[], seed: number): Promise<number> {
  const db = getDb();
  const heuristic = await db.judge.findUniqueOrThrow({ where: { name_version: { name: HEURISTIC_JUDGE.name, version: HEURISTIC_JUDGE.version } }, select: { id: true } });
  const judge = await db.judge.upsert({
    where: { name_version: DEMO_PAIRWISE_JUDGE },
    update: {},
    create: { ...DEMO_PAIRWISE_JUDGE, kind: "imported" },
    select: { id: true },
  });
  const lastTurns = await db.turn.findMany({
    where: { sessionId: { in: sessionIds } },
    orderBy: [{ sessionId: "asc" }, { ordinal: "desc" }],
    distinct: ["sessionId"],
    select: { id: true, judgeScores: { where: { judgeId: heuristic.id }, select: { overallScore: true } } },
  });
  const normal = normalSource(uniformSource(seed ^ 0x9a1e));
  const rows = lastTurns.slice(1).map((b, i) => {
    const a = lastTurns[i];
    const gap = (a.judgeScores[0]?.overallScore ?? 0) - (b.judgeScores[0]?.overallScore ?? 0);
    const seen = gap + 0.05 * normal();
    const pass1 = seen + POSITION_BIAS + 0.02 * normal();
    const pass2 = seen - POSITION_BIAS + 0.02 * normal();
    const confidence = (pass: number) => Math.round(Math.min(0.99, 0.5 + 3 * Math.abs(pass)) * 100) / 100;
    const [w1, w2] = [winnerOf(pass1), winnerOf(pass2)];
    return {
      turnAId: a.id,
      turnBId: b.id,
      judgeId: judge.id,
      pass1Winner: w1,
      pass1Confidence: confidence(pass1),
      pass2Winner: w2,
      pass2Confidence: confidence(pass2),
      winner: w1 === w2 ? w1 : ("tie" as const),
      confidence: w1 === w2 ? Math.round(((confidence(pass1) + confidence(pass2)) / 2) * 100) / 100 : 0.5,
      humanWinner: winnerOf(gap + 0.04 * normal()),
    };
  });
  const result = await db.pairwiseComparison.createMany({ data: rows, skipDuplicates: true });
  return result.count;
}
