import { describe, expect, it } from "vitest";
import { getDb } from "../db";
import { getActiveRubric } from "../rubrics/get-active-rubric";
import { getQueueItem } from "./get-queue-item";
import { getQueueView } from "./get-queue-view";
import { getRaterProgress } from "./get-rater-progress";
import { leaseTurn } from "./lease-turn";
import { createRaters, createScoredTurns, createTestImport, holdLease, testConfig, uniquePersona } from "./queue-test-data";
import { skipItem } from "./skip-item";
import { submitRating } from "./submit-rating";
import { takeNextItem } from "./take-next-item";
import { undoLastRating } from "./undo-last-rating";

async function rate(raterId: number, turnId: number, level = 3, extra: { timeSpentMs?: number; rationale?: string | null; k?: number } = {}) {
  const rubric = await getActiveRubric();
  await holdLease(raterId, turnId);
  return submitRating({
    raterId,
    turnId,
    rubricVersionId: rubric.versionId,
    values: { overall: level },
    rationale: extra.rationale ?? null,
    timeSpentMs: extra.timeSpentMs ?? 1000,
    ratingsPerTurn: extra.k ?? 2,
    scope: {},
  });
}

describe("taking the next item", () => {
  it("offers the turn nearest a quality cut-off first, and unrated turns before rated ones", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.2 }, { score: 0.67 }, { score: 0.9 }, { score: 0.51 }]);
    const [first, second, third] = await createRaters(3);
    const config = testConfig({ personaId: persona });

    expect((await takeNextItem(first, config))?.turnId).toBe(turnIds[3]); // 0.01 from Fair
    expect((await takeNextItem(second, config))?.turnId).toBe(turnIds[1]); // 0.02 from Good, the next nearest
    await rate(first, turnIds[3]);
    // turnIds[3] now has one rating: the third rater gets an unrated turn, though it is farther.
    expect((await takeNextItem(third, config))?.turnId).toBe(turnIds[2]);
  });

  it("gives a rater back the item they hold when they reload, and nothing twice", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.3 }]);
    const [rater] = await createRaters(1);
    const config = testConfig({ personaId: persona });

    const lease = await takeNextItem(rater, config);
    expect(await takeNextItem(rater, config)).toEqual(lease);
    await rate(rater, lease!.turnId);
    const next = await takeNextItem(rater, config);
    expect(next?.turnId).toBe(turnIds[1]);
    await rate(rater, next!.turnId);
    expect(await takeNextItem(rater, config)).toBeNull();
  });

  it("balances personas: a rater's next item comes from the persona they rated least recently", async () => {
    const importId = await createTestImport();
    const thesis = uniquePersona("thesis");
    const antithesis = uniquePersona("anti");
    await createScoredTurns(thesis, [{ score: 0.5 }, { score: 0.501 }, { score: 0.502 }, { score: 0.4, personaId: antithesis }, { score: 0.39, personaId: antithesis }], {
      importId,
    });
    const [rater] = await createRaters(1);
    const config = testConfig({ importId });

    const served: string[] = [];
    for (let i = 0; i < 5; i++) {
      const lease = await takeNextItem(rater, config);
      const turn = await getDb().turn.findUniqueOrThrow({ where: { id: lease!.turnId }, select: { personaId: true } });
      served.push(turn.personaId === thesis ? "T" : "A");
      await rate(rater, lease!.turnId);
    }

    // Thesis turns sit nearer the cut-off, yet the stream alternates while both have work.
    expect(served.join("")).toBe("TATAT");
  });

  it("releases an item on skip, and does not offer it to that rater again, but to others", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.1 }]);
    const [skipper, other] = await createRaters(2);
    const config = testConfig({ personaId: persona });

    expect((await takeNextItem(skipper, config))?.turnId).toBe(turnIds[0]);
    expect(await skipItem(skipper, turnIds[0])).toBe(true);

    expect((await takeNextItem(skipper, config))?.turnId).toBe(turnIds[1]);
    expect((await takeNextItem(other, config))?.turnId).toBe(turnIds[0]);
    // After the cool-down the skipped turn may come back to the skipper.
    await getDb().ratingSkip.updateMany({ where: { raterId: skipper }, data: { skippedAt: new Date(Date.now() - 25 * 3600_000) } });
    await skipItem(skipper, turnIds[1]);
    await getDb().ratingSkip.updateMany({ where: { raterId: skipper, turnId: turnIds[1] }, data: { skippedAt: new Date() } });
    await skipItem(other, turnIds[0]);
    expect((await takeNextItem(skipper, config))?.turnId).toBe(turnIds[0]);
  });

  it("lets another rater take an item whose lease expired", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }]);
    const [slow, next] = await createRaters(2);
    const config = testConfig({ personaId: persona });

    await takeNextItem(slow, config);
    expect(await takeNextItem(next, config)).toBeNull();
    await getDb().ratingLease.update({ where: { turnId: turnIds[0] }, data: { leasedAt: new Date(Date.now() - 400_000), expiresAt: new Date(Date.now() - 100_000) } });

    expect((await takeNextItem(next, config))?.turnId).toBe(turnIds[0]);
    expect(await getDb().ratingLease.findUnique({ where: { turnId: turnIds[0] } })).toMatchObject({ raterId: next });
    // The slow rater's late submit is refused: the item is someone else's now.
    expect(await rate(slow, turnIds[0])).toMatchObject({ status: "refused", reason: "held_by_other" });
  });

  it("follows the active cut-offs without any recomputation", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.45 }, { score: 0.7 }]);
    const [a, b] = await createRaters(2);

    expect((await takeNextItem(a, testConfig({ personaId: persona })))?.turnId).toBe(turnIds[1]); // 0.05 from Good
    const moved = { ...testConfig({ personaId: persona }), cutoffs: { fair: 0.45, good: 0.6, excellent: 0.9 } };
    expect((await takeNextItem(b, moved))?.turnId).toBe(turnIds[0]); // exactly on the new Fair cut-off
  });

  it("counts ratings written outside the queue (an import), so a turn never passes k", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.3 }]);
    const [x, y, rater] = await createRaters(3);
    await getDb().rating.createMany({
      data: [x, y].map((raterId) => ({ turnId: turnIds[0], raterId, criterion: "overall", level: 2, source: "queue" as const })),
    });

    expect(await getDb().queueItem.findUnique({ where: { turnId: turnIds[0] } })).toMatchObject({ ratingCount: 2 });
    expect((await takeNextItem(rater, testConfig({ personaId: persona })))?.turnId).toBe(turnIds[1]);
  });

  it("opens a turn by id when the rater may rate it, and says why not otherwise", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.9 }, { score: 0.2 }]);
    const [rater, other] = await createRaters(2);
    const config = testConfig({ personaId: persona });
    await takeNextItem(rater, config); // holds turnIds[0]

    const opened = await leaseTurn(rater, turnIds[1], config);
    expect(opened).toMatchObject({ status: "leased", lease: { turnId: turnIds[1] } });
    expect(await getDb().ratingLease.findMany({ where: { raterId: rater }, select: { turnId: true } })).toEqual([{ turnId: turnIds[1] }]);

    expect(await leaseTurn(other, turnIds[1], config)).toEqual({ status: "refused", message: `Another rater is rating turn ${turnIds[1]} right now.` });
    await rate(rater, turnIds[1]);
    expect(await leaseTurn(rater, turnIds[1], config)).toEqual({ status: "refused", message: `You have already rated turn ${turnIds[1]}.` });
    expect(await leaseTurn(rater, 2_000_000_000, config)).toEqual({ status: "refused", message: "Turn 2000000000 is not in the rating queue." });
  });
});

describe("what a rater is sent", () => {
  it("holds the turn, its seed prompt and earlier turns, and nothing of the judge", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.6123457 }, { score: 0.7345679 }, { score: 0.5234561 }], { seedPrompt: "Is a city a machine?" });
    const [rater] = await createRaters(1);

    const item = await getQueueItem(turnIds[2]);

    expect(item).toMatchObject({ turnId: turnIds[2], personaId: persona, seedPrompt: "Is a city a machine?", ordinal: 2, omittedEarlierTurns: 0 });
    expect(item!.earlierTurns.map((t) => t.turnId)).toEqual(turnIds.slice(0, 2));
    const view = JSON.stringify(await getQueueView(rater, { turnId: turnIds[2], expiresAt: new Date() }));
    for (const secret of ["0.6123457", "0.7345679", "0.5234561", "overall_score", "evaluation_metrics", "judgeScore", "judge_score"]) expect(view).not.toContain(secret);
  });

  it("reports the rater's count and the ratings the scope still wants", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.6 }, { score: 0.7 }]);
    const [rater] = await createRaters(1);
    const config = testConfig({ personaId: persona });
    await rate(rater, turnIds[0]);

    expect(await getRaterProgress(rater, config)).toEqual({ ratedTotal: 1, ratedToday: 1, openItems: 3, ratingsWanted: 5, ratingsPerTurn: 2 });
  });
});

describe("undo", () => {
  it("takes back the last rating within 30 seconds and gives the item back to the rater", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.2 }]);
    const [rater] = await createRaters(1);
    const config = testConfig({ personaId: persona });
    await takeNextItem(rater, config);
    await rate(rater, turnIds[0], 4, { rationale: "Sharp." });
    expect((await takeNextItem(rater, config))?.turnId).toBe(turnIds[1]);

    const undone = await undoLastRating(rater, 5);

    expect(undone).toMatchObject({ turnId: turnIds[0], values: { overall: 4 }, rationale: "Sharp.", lease: { turnId: turnIds[0] } });
    expect(await getDb().rating.count({ where: { raterId: rater } })).toBe(0);
    expect(await getDb().queueItem.findUnique({ where: { turnId: turnIds[0] } })).toMatchObject({ ratingCount: 0 });
    expect(await getDb().ratingLease.findMany({ where: { raterId: rater }, select: { turnId: true } })).toEqual([{ turnId: turnIds[0] }]);
    expect((await takeNextItem(rater, config))?.turnId).toBe(turnIds[0]);
  });

  it("refuses after 30 seconds", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }]);
    const [rater] = await createRaters(1);
    await rate(rater, turnIds[0]);
    await getDb().rating.updateMany({ where: { raterId: rater }, data: { createdAt: new Date(Date.now() - 31_000) } });

    await expect(undoLastRating(rater, 5)).rejects.toThrow("There is no rating from the last 30 seconds to undo.");
  });
});
