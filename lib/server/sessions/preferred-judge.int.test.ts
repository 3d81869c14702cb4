import { describe, expect, it } from "vitest";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { DEFAULT_LIST_QUERY, type ListQuery } from "@/lib/sessions/list-query.schema";
import { findSessionRows } from "./find-session-rows";
import { findSessions } from "./find-sessions";
import { ensureDisplayJudge, findDisplayJudgeId } from "./session-display";
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

  it("sorts and filters the list by the preferred judge's average, and each other session's first judge", async () => {
    const marker = uniqueWord();
    const [seedWeights, newWeights, imported] = [await createJudge("pref-seed", "heuristic"), await createJudge("pref-new", "heuristic"), await createJudge("pref-imported", "imported")];
    const session = (scores: Record<number, number> | undefined) =>
      createSession({ seedPrompt: `${marker} list`, turns: [{ personaId: "thesis", scores }, { personaId: "antithesis", scores }] });
    const both = await session({ [seedWeights]: 0.6, [newWeights]: 0.85 });
    const importedOnly = await session({ [imported]: 0.7 });
    const unscored = await session(undefined);
    const newOnly = await session({ [newWeights]: 0.3 });
    const list = async (changes: Partial<ListQuery>, preferredJudgeId?: number) =>
      (await findSessions({ ...DEFAULT_LIST_QUERY, q: marker, ...changes }, CUTOFFS, preferredJudgeId)).rows.map((row) => [row.id, row.averageScore]);

    expect(await list({ sort: "score", dir: "desc" }, newWeights)).toEqual([[both, 0.85], [importedOnly, 0.7], [newOnly, 0.3], [unscored, null]]);
    expect(await list({ sort: "score", dir: "asc" }, newWeights)).toEqual([[newOnly, 0.3], [importedOnly, 0.7], [both, 0.85], [unscored, null]]);
    expect(await list({ sort: "quality", dir: "desc" })).toEqual([[importedOnly, 0.7], [both, 0.6], [newOnly, 0.3], [unscored, null]]);
    expect(await list({ quality: ["excellent"] }, newWeights)).toEqual([[both, 0.85]]);
    expect(await list({ quality: ["excellent"] })).toEqual([]);
    expect(await list({ minScore: 0.65, sort: "score", dir: "asc" }, newWeights)).toEqual([[importedOnly, 0.7], [both, 0.85]]);
    expect(await list({ judge: seedWeights, sort: "score" }, newWeights)).toEqual([[both, 0.6]]);
    // The unscored tail continues across pages.
    const paged = await findSessions({ ...DEFAULT_LIST_QUERY, q: marker, sort: "score", dir: "desc", pageSize: 10, page: 1 }, CUTOFFS, newWeights);
    expect([paged.total, paged.hasNextPage]).toEqual([4, false]);

    // With newWeights as the stored display judge the list reads the rows marked is_shown
    // instead of working the choice out: the same answers.
    const queries: Array<Partial<ListQuery>> = [
      { sort: "score", dir: "desc" }, { sort: "score", dir: "asc" }, { sort: "quality" }, { quality: ["excellent"] },
      { quality: ["poor", "good"], sort: "turns" }, { minScore: 0.65, sort: "score", dir: "asc" }, { maxScore: 0.75, sort: "rated" },
    ];
    const worked = await Promise.all(queries.map((changes) => list(changes, newWeights)));
    const previous = await findDisplayJudgeId();
    try {
      expect(await ensureDisplayJudge(newWeights)).toBe(true);
      expect(await findDisplayJudgeId()).toBe(newWeights);
      expect(await Promise.all(queries.map((changes) => list(changes, newWeights)))).toEqual(worked);
    } finally {
      await ensureDisplayJudge(previous);
    }
  });
});
