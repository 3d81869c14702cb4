import { describe, expect, it } from "vitest";
import { CRITERION_TEMPLATES } from "@/lib/rubric/criterion-templates";
import { DEFAULT_RUBRIC } from "@/lib/rubric/default-rubric";
import type { RubricContent } from "@/lib/rubric/rubric.schema";
import { typedRubric } from "@/lib/rubric/test-criteria";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { getActiveRubric } from "../rubrics/get-active-rubric";
import { createGoldItem } from "./create-gold-item";
import { getRaterQuality } from "./get-rater-quality";
import { leaseTurn } from "./lease-turn";
import { createRaters, createScoredTurns, createTestImport, holdLease, testConfig, uniquePersona } from "./queue-test-data";
import { submitRating, type SubmitRatingInput } from "./submit-rating";
import { takeNextItem } from "./take-next-item";
import { undoLastRating } from "./undo-last-rating";

async function input(raterId: number, turnId: number, overrides: Partial<SubmitRatingInput> = {}): Promise<SubmitRatingInput> {
  const rubric = await getActiveRubric();
  return { raterId, turnId, rubricVersionId: rubric.versionId, values: { overall: 3 }, rationale: null, timeSpentMs: 4200, ratingsPerTurn: 2, scope: {}, ...overrides };
}

/** Submits as the queue does: under the rater's own lease on the turn. */
async function submitHeld(rating: SubmitRatingInput) {
  await holdLease(rating.raterId, rating.turnId);
  return submitRating(rating);
}

/** A rubric version with the two template criteria, not made active (other tests use the active one). */
async function rubricWithCriteria(content: RubricContent = { ...DEFAULT_RUBRIC, criteria: [...DEFAULT_RUBRIC.criteria, ...CRITERION_TEMPLATES] }): Promise<number> {
  const active = await getActiveRubric();
  const row = await getDb().rubricVersion.create({
    data: {
      rubricId: (await getDb().rubricVersion.findUniqueOrThrow({ where: { id: active.versionId } })).rubricId,
      version: 100_000 + Math.floor(Math.random() * 1_000_000),
      criteria: content,
      isActive: false,
    },
  });
  return row.id;
}

describe("submitting a rating", () => {
  it("stores the level, rationale, time spent, rubric version and gold mark, and releases the lease", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }]);
    const [rater] = await createRaters(1);
    await takeNextItem(rater, testConfig({ personaId: persona }));

    const outcome = await submitHeld(await input(rater, turnIds[0], { values: { overall: 2 }, rationale: "Thin support.", timeSpentMs: 8123 }));

    expect(outcome).toEqual({ status: "saved", isGold: false });
    const [rating] = await getDb().rating.findMany({ where: { raterId: rater } });
    expect(rating).toMatchObject({ turnId: turnIds[0], criterion: "overall", level: 2, rationale: "Thin support.", timeSpentMs: 8123, isGold: false, source: "queue" });
    expect(rating.rubricVersionId).toBe((await getActiveRubric()).versionId);
    expect(await getDb().ratingLease.count({ where: { raterId: rater } })).toBe(0);
  });

  it("stores one rating for a double submit, and reports the second as harmless", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.6 }]);
    const [rater] = await createRaters(1);

    expect(await submitHeld(await input(rater, turnIds[0]))).toEqual({ status: "saved", isGold: false });
    expect(await submitHeld(await input(rater, turnIds[0], { values: { overall: 1 } }))).toEqual({ status: "duplicate" });
    // Two tabs at the same moment: one stores, the other finds it.
    const both = await Promise.all([submitHeld(await input(rater, turnIds[1])), submitHeld(await input(rater, turnIds[1]))]);
    expect(both.map((o) => o.status).sort()).toEqual(["duplicate", "saved"]);

    const rows = await getDb().rating.findMany({ where: { raterId: rater }, select: { turnId: true, level: true } });
    expect(rows.sort((a, b) => a.turnId - b.turnId)).toEqual([{ turnId: turnIds[0], level: 3 }, { turnId: turnIds[1], level: 3 }]);
    expect(await getDb().queueItem.findMany({ where: { personaId: persona }, select: { ratingCount: true } })).toEqual([{ ratingCount: 1 }, { ratingCount: 1 }]);
  });

  it("refuses a rating beyond k, and one for a turn outside the queue", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }]);
    const [a, b, c] = await createRaters(3);
    await submitHeld(await input(a, turnIds[0]));
    await submitHeld(await input(b, turnIds[0]));

    expect(await submitHeld(await input(c, turnIds[0]))).toMatchObject({ status: "refused", reason: "full" });
    expect(await submitRating(await input(c, 2_000_000_000))).toMatchObject({ status: "refused", reason: "not_in_queue" });
    expect(await getDb().rating.count({ where: { turnId: turnIds[0] } })).toBe(2);
  });

  it("checks the levels against the rubric version and the turn's persona", async () => {
    const versionId = await rubricWithCriteria();
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.4, personaId: "antithesis" }]);
    const [rater] = await createRaters(1);

    const wrong = submitHeld(await input(rater, turnIds[0], { rubricVersionId: versionId, values: { overall: 3, critical_intensity: 4 } }));
    await expect(wrong).rejects.toThrow(DomainError);
    await expect(submitHeld(await input(rater, turnIds[0], { rubricVersionId: versionId, values: { overall: 5 } }))).rejects.toThrow("Overall quality takes a level from 1 to 4");

    const saved = await submitHeld(await input(rater, turnIds[1], { rubricVersionId: versionId, values: { overall: 3, completeness: 4, critical_intensity: 5 }, rationale: "Good." }));
    expect(saved.status).toBe("saved");
    const rows = await getDb().rating.findMany({ where: { raterId: rater }, orderBy: { criterion: "asc" }, select: { criterion: true, level: true, rationale: true, rubricVersionId: true } });
    expect(rows).toEqual([
      { criterion: "completeness", level: 4, rationale: null, rubricVersionId: versionId },
      { criterion: "critical_intensity", level: 5, rationale: null, rubricVersionId: versionId },
      { criterion: "overall", level: 3, rationale: "Good.", rubricVersionId: versionId },
    ]);
    expect(await getDb().queueItem.findUnique({ where: { turnId: turnIds[1] } })).toMatchObject({ ratingCount: 1 });
  });
});

describe("who may submit a rating", () => {
  it("refuses a rating for a turn the rater holds no live lease on, and stores nothing", async () => {
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.6 }]);
    const [rater, other] = await createRaters(2);
    const config = testConfig({ personaId: persona });

    // Never given: an id posted by hand.
    expect(await submitRating(await input(rater, turnIds[1], { scope: config.scope }))).toEqual({
      status: "refused",
      reason: "no_lease",
      message: "This item is not (or no longer) yours to rate: take it from the queue. Your rating was not stored.",
    });
    // Given, but the lease ran out.
    await holdLease(rater, turnIds[1]);
    await getDb().ratingLease.update({ where: { turnId: turnIds[1] }, data: { leasedAt: new Date(Date.now() - 60_000), expiresAt: new Date(Date.now() - 1000) } });
    expect(await submitRating(await input(rater, turnIds[1], { scope: config.scope }))).toMatchObject({ status: "refused", reason: "no_lease" });
    // Another rater's live lease.
    await holdLease(other, turnIds[1]);
    expect(await submitRating(await input(rater, turnIds[1], { scope: config.scope }))).toMatchObject({ status: "refused", reason: "held_by_other" });
    expect(await getDb().rating.count({ where: { turnId: { in: turnIds } } })).toBe(0);

    // The turn the queue gives them is accepted.
    const lease = await takeNextItem(rater, config);
    expect(lease?.turnId).toBe(turnIds[0]);
    expect(await submitRating(await input(rater, turnIds[0], { scope: config.scope }))).toEqual({ status: "saved", isGold: false });
    expect(await getDb().rating.findMany({ where: { turnId: { in: turnIds } }, select: { turnId: true, raterId: true } })).toEqual([{ turnId: turnIds[0], raterId: rater }]);
  });

  it("refuses a turn outside the queue's scope, by link and on submit even under a lease taken before the scope changed", async () => {
    const inScope = uniquePersona("in");
    const outside = uniquePersona("out");
    const { turnIds } = await createScoredTurns(inScope, [{ score: 0.5 }, { score: 0.6, personaId: outside }]);
    const [rater] = await createRaters(1);
    const config = testConfig({ personaId: inScope });

    expect(await leaseTurn(rater, turnIds[1], config)).toEqual({ status: "refused", message: `Turn ${turnIds[1]} is outside the queue's current scope.` });
    expect(await getDb().ratingLease.count({ where: { raterId: rater } })).toBe(0);

    // Leased while the scope held it; the admin then narrowed the scope.
    expect(await leaseTurn(rater, turnIds[1], testConfig({}))).toMatchObject({ status: "leased" });
    expect(await submitRating(await input(rater, turnIds[1], { scope: config.scope }))).toEqual({
      status: "refused",
      reason: "out_of_scope",
      message: "This turn is no longer in the queue's scope; your rating was not stored.",
    });
    expect(await getDb().rating.count({ where: { turnId: turnIds[1] } })).toBe(0);
    expect(await getDb().queueItem.findUnique({ where: { turnId: turnIds[1] }, select: { ratingCount: true } })).toEqual({ ratingCount: 0 });
  });
});

describe("submitting answers of each criterion type", () => {
  const valueColumns = { criterion: true, level: true, score: true, label: true, labels: true } as const;

  it("stores a label, a sorted set of labels and a score, with no level, beside the overall level", async () => {
    const versionId = await rubricWithCriteria(typedRubric());
    const { turnIds } = await createScoredTurns(uniquePersona(), [{ score: 0.5 }, { score: 0.6 }]);
    const [rater] = await createRaters(1);

    const answers = { overall: 2, is_safe: "Fail", intent: "Question", errors: ["Off-topic", "Factual"], novelty: 7.25 };
    expect(await submitHeld(await input(rater, turnIds[0], { rubricVersionId: versionId, values: answers, rationale: "Two errors." }))).toEqual({ status: "saved", isGold: false });
    // Optional numeric left out; an empty label set is an answer.
    expect(await submitHeld(await input(rater, turnIds[1], { rubricVersionId: versionId, values: { overall: 3, is_safe: "Pass", intent: "Argue", errors: [] } }))).toEqual({ status: "saved", isGold: false });

    const rows = await getDb().rating.findMany({ where: { raterId: rater }, orderBy: [{ turnId: "asc" }, { criterion: "asc" }], select: { turnId: true, rationale: true, ...valueColumns } });
    expect(rows).toEqual([
      { turnId: turnIds[0], criterion: "errors", level: null, score: null, label: null, labels: ["Factual", "Off-topic"], rationale: null },
      { turnId: turnIds[0], criterion: "intent", level: null, score: null, label: "Question", labels: [], rationale: null },
      { turnId: turnIds[0], criterion: "is_safe", level: null, score: null, label: "Fail", labels: [], rationale: null },
      { turnId: turnIds[0], criterion: "novelty", level: null, score: 7.25, label: null, labels: [], rationale: null },
      { turnId: turnIds[0], criterion: "overall", level: 2, score: null, label: null, labels: [], rationale: "Two errors." },
      { turnId: turnIds[1], criterion: "errors", level: null, score: null, label: null, labels: [], rationale: null },
      { turnId: turnIds[1], criterion: "intent", level: null, score: null, label: "Argue", labels: [], rationale: null },
      { turnId: turnIds[1], criterion: "is_safe", level: null, score: null, label: "Pass", labels: [], rationale: null },
      { turnId: turnIds[1], criterion: "overall", level: 3, score: null, label: null, labels: [], rationale: null },
    ]);
  });

  it("refuses a label not in the list, unknown labels in a set and a number outside the range, naming the criterion, and stores nothing", async () => {
    const versionId = await rubricWithCriteria(typedRubric());
    const { turnIds } = await createScoredTurns(uniquePersona(), [{ score: 0.5 }]);
    const [rater] = await createRaters(1);
    const good = { overall: 2, is_safe: "Pass", intent: "Argue", errors: [] as string[] };
    const attempt = async (values: Record<string, unknown>) => {
      try {
        await submitHeld(await input(rater, turnIds[0], { rubricVersionId: versionId, values: values as SubmitRatingInput["values"] }));
        return null;
      } catch (error) {
        return error instanceof DomainError ? { code: error.code, fieldErrors: error.fieldErrors } : error;
      }
    };

    expect(await attempt({ ...good, intent: "Shout" })).toEqual({ code: "invalid", fieldErrors: { intent: '"Shout" is not a label of Intent (Argue, Question, Summarise)' } });
    expect(await attempt({ ...good, errors: ["Factual", "Rude"] })).toEqual({ code: "invalid", fieldErrors: { errors: '"Rude" is not a label of Errors' } });
    expect(await attempt({ ...good, novelty: 11 })).toEqual({ code: "invalid", fieldErrors: { novelty: "Novelty takes a number from 0 to 10" } });
    expect(await attempt({ ...good, is_safe: 1 })).toEqual({ code: "invalid", fieldErrors: { is_safe: "Safe takes one label" } });
    expect(await attempt({ overall: 2 })).toMatchObject({ code: "invalid", fieldErrors: { is_safe: "Pick a label for Safe" } });
    expect(await getDb().rating.count({ where: { raterId: rater } })).toBe(0);
  });

  it("stores a typed rating once on a double submit", async () => {
    const versionId = await rubricWithCriteria(typedRubric());
    const { turnIds } = await createScoredTurns(uniquePersona(), [{ score: 0.5 }]);
    const [rater] = await createRaters(1);
    const values = { overall: 2, is_safe: "Pass", intent: "Argue", errors: ["Logical"] };

    const both = await Promise.all([0, 1].map(async () => submitHeld(await input(rater, turnIds[0], { rubricVersionId: versionId, values }))));

    expect(both.map((o) => o.status).sort()).toEqual(["duplicate", "saved"]);
    expect(await getDb().rating.count({ where: { raterId: rater } })).toBe(4);
  });

  it("gives every answer back on undo, so the controls show them again", async () => {
    const versionId = await rubricWithCriteria(typedRubric());
    const { turnIds } = await createScoredTurns(uniquePersona(), [{ score: 0.5 }]);
    const [rater] = await createRaters(1);
    const values = { overall: 4, is_safe: "Fail", intent: "Summarise", errors: ["Logical", "Factual"], novelty: 0.5 };
    await submitHeld(await input(rater, turnIds[0], { rubricVersionId: versionId, values }));

    const undone = await undoLastRating(rater, 5);

    expect(undone.values).toEqual({ ...values, errors: ["Factual", "Logical"] });
  });
});

describe("gold items, accuracy and leniency", () => {
  it("mixes a gold item in at the gold rate, outside the k rule, and marks its ratings", async () => {
    const importId = await createTestImport();
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.55 }, { score: 0.6 }, { score: 0.9 }], { importId });
    await createGoldItem({ turnId: turnIds[3], level: 4, note: "Agreed in review", createdById: null });
    const raters = await createRaters(3);
    const config = testConfig({ importId }, { goldRate: 0.5 });

    for (const rater of raters) {
      const first = await takeNextItem(rater, config);
      expect(first?.turnId).not.toBe(turnIds[3]);
      await submitHeld(await input(rater, first!.turnId));
      const second = await takeNextItem(rater, config); // the 2nd item is due to be gold
      expect(second?.turnId).toBe(turnIds[3]);
      expect(await submitHeld(await input(rater, turnIds[3], { values: { overall: 4 } }))).toEqual({ status: "saved", isGold: true });
    }

    expect(await getDb().rating.count({ where: { turnId: turnIds[3], isGold: true } })).toBe(3); // more than k = 2
  });

  it("computes each rater's gold accuracy and leniency against the others", async () => {
    const importId = await createTestImport();
    const persona = uniquePersona();
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.5 }, { score: 0.6 }, { score: 0.7 }, { score: 0.8 }], { importId });
    const [lenient, strict, third] = await createRaters(3);
    await createGoldItem({ turnId: turnIds[3], level: 3, note: null, createdById: null });
    const ratings: [number, number, number, boolean][] = [
      // rater, turn index, level, as gold
      [lenient, 0, 4, false], [strict, 0, 2, false], [third, 0, 3, false],
      [lenient, 1, 3, false], [strict, 1, 2, false],
      [lenient, 2, 2, false],
      [lenient, 3, 4, true], [strict, 3, 3, true], [third, 3, 3, true],
    ];
    await getDb().rating.createMany({
      data: ratings.map(([raterId, index, level, isGold]) => ({ raterId, turnId: turnIds[index], level, isGold, criterion: "overall", source: "queue" as const })),
    });

    const quality = new Map((await getRaterQuality({ importId })).map((row) => [row.raterId, row]));

    // lenient: turn 0: 4 − (2+3)/2 = 1.5; turn 1: 3 − 2 = 1; turn 3: 4 − (3+3)/2 = 1 → mean 3.5/3.
    expect(quality.get(lenient)).toMatchObject({ rated: 4, goldRated: 1, goldCorrect: 0, goldAccuracy: 0, sharedItems: 3 });
    expect(quality.get(lenient)!.leniency).toBeCloseTo(3.5 / 3, 12);
    expect(quality.get(lenient)!.meanLevel).toBeCloseTo(13 / 4, 12);
    // strict: turn 0: 2 − 3.5 = −1.5; turn 1: 2 − 3 = −1; turn 3: 3 − 3.5 = −0.5 → mean −1.
    expect(quality.get(strict)).toMatchObject({ rated: 3, goldRated: 1, goldCorrect: 1, goldAccuracy: 1, sharedItems: 3 });
    expect(quality.get(strict)!.leniency).toBeCloseTo(-1, 12);
    // third: turn 0: 3 − 3 = 0; turn 3: 3 − 3.5 = −0.5 → mean −0.25.
    expect(quality.get(third)!.leniency).toBeCloseTo(-0.25, 12);
  });

  it("gives null accuracy and leniency to a rater with no gold item and no shared turn", async () => {
    const importId = await createTestImport();
    const { turnIds } = await createScoredTurns(uniquePersona(), [{ score: 0.5 }], { importId });
    const [alone] = await createRaters(1);
    await submitHeld(await input(alone, turnIds[0]));

    expect(await getRaterQuality({ importId })).toEqual([
      expect.objectContaining({ raterId: alone, rated: 1, goldRated: 0, goldAccuracy: null, leniency: null, sharedItems: 0 }),
    ]);
  });
});
