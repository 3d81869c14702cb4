import { describe, expect, it } from "vitest";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { findSessionRows } from "./find-session-rows";
import { getSession } from "./get-session";
import { createJudge, createSession, uniqueWord } from "./session-fixtures";

// Scores under new weights live in a judge version of their own (lib/server/thresholds);
// pages prefer it, so levels follow the active weights, and fall back to the session's
// first judge where it has no scores (e.g. a generic dataset with its own judge).
const CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };
const METRICS = { length: { length_score: 0.85 }, overall_score: 0.6 };

async function sessionScoredTwice() {
  const seedWeights = await createJudge("heuristic-pref", "heuristic");
  const newWeights = await createJudge("heuristic-pref-w", "heuristic");
  const id = await createSession({
    seedPrompt: `${uniqueWord()} preferred judge`,
    turns: [
      { personaId: "thesis", affect: 0.5, scores: { [seedWeights]: 0.6, [newWeights]: 0.9 }, metrics: METRICS },
      { personaId: "antithesis", affect: 0.6, scores: { [seedWeights]: 0.6, [newWeights]: 0.8 }, metrics: METRICS },
    ],
  });
  return { id, seedWeights, newWeights };
}

describe("the preferred (scoring) judge", () => {
  it("gives a session's average in the list when it scored the session", async () => {
    const { id, seedWeights, newWeights } = await sessionScoredTwice();

    const [plain] = await findSessionRows([id], { cutoffs: CUTOFFS });
    const [preferred] = await findSessionRows([id], { cutoffs: CUTOFFS, preferredJudgeId: newWeights });
    const [absent] = await findSessionRows([id], { cutoffs: CUTOFFS, preferredJudgeId: 2_000_000_000 });

    expect(plain.judge?.id).toBe(seedWeights);
    expect(plain.averageScore).toBeCloseTo(0.6, 12);
    expect(preferred.judge?.id).toBe(newWeights);
    expect(preferred.averageScore).toBeCloseTo(0.85, 12);
    expect(absent.judge?.id).toBe(seedWeights);
  });

  it("gives the session page's scores, keeping the metric breakdown of the turn", async () => {
    const { id, newWeights } = await sessionScoredTwice();
    // Like a recompute: the new judge's rows hold the score but no metrics JSON.
    await getDb().judgeScore.updateMany({ where: { judgeId: newWeights }, data: { metrics: Prisma.DbNull } });

    const detail = (await getSession(id, { cutoffs: CUTOFFS, preferredJudgeId: newWeights, includeRaterNames: true }))!;

    expect(detail.judge?.id).toBe(newWeights);
    expect(detail.turns.map((turn) => turn.score?.overallScore)).toEqual([0.9, 0.8]);
    expect(detail.turns[0].score?.metrics?.length?.length_score).toBe(0.85);
  });
});
