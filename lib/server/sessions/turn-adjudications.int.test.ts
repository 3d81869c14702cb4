import { describe, expect, it } from "vitest";
import { createTestUser } from "@/scripts/test/factories";
import { getDb } from "../db";
import { createJudge, createSession, uniqueWord } from "./session-fixtures";
import { getSession } from "./get-session";

const SEED_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };

describe("a session's adjudicated turns", () => {
  it("carry the final level, who decided, when and the note; names left out for API keys", async () => {
    const judge = await createJudge("adjudicated", "heuristic");
    const sessionId = await createSession({
      seedPrompt: `${uniqueWord()} adjudicated`,
      turns: [
        { personaId: "thesis", scores: { [judge]: 0.7 }, ratings: [1, 4] },
        { personaId: "antithesis", scores: { [judge]: 0.6 }, ratings: [2] },
      ],
    });
    const admin = await createTestUser("admin");
    const turns = await getDb().turn.findMany({ where: { sessionId }, orderBy: { ordinal: "asc" }, select: { id: true } });
    const at = new Date("2026-03-04T05:06:07.000Z");
    await getDb().adjudication.create({ data: { turnId: turns[0].id, level: 3, note: "The second rater misread the prompt.", adjudicatorId: admin.id, createdAt: at } });

    const withNames = await getSession(sessionId, { cutoffs: SEED_CUTOFFS, includeRaterNames: true });
    expect(withNames!.turns[0].adjudications).toEqual([
      { criterion: "overall", level: 3, note: "The second rater misread the prompt.", adjudicator: "Test admin", createdAt: at },
    ]);
    expect(withNames!.turns[1].adjudications).toEqual([]);

    const forKeys = await getSession(sessionId, { cutoffs: SEED_CUTOFFS, includeRaterNames: false });
    expect(forKeys!.turns[0].adjudications[0].adjudicator).toBeNull();
  });
});
