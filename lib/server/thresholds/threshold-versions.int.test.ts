import { afterEach, describe, expect, it } from "vitest";
import { SEED_THRESHOLDS, type Thresholds } from "@/lib/thresholds/thresholds.schema";
import { createTestUser } from "@/scripts/test/factories";
import { DomainError } from "../errors";
import { findThresholdVersion } from "./find-threshold-version";
import { listThresholdVersions } from "./list-threshold-versions";
import { restoreThresholdVersion } from "./restore-threshold-version";
import { saveThresholdVersion } from "./save-threshold-version";
import { useScratchDatabase } from "./thresholds-test-data";

const STRICTER: Thresholds = { ...SEED_THRESHOLDS, cutoffs: { fair: 0.55, good: 0.7, excellent: 0.85 } };
const REWEIGHED: Thresholds = { ...SEED_THRESHOLDS, weights: { ...SEED_THRESHOLDS.weights, thesis: { length: 0.3, sentiment: 0.1, completeness: 0.6 } } };

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await drop?.();
  drop = null;
});

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (reason: unknown) => reason);
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe("threshold versions", () => {
  it("starts from the seed's values as version 1 and saves each change as a new active version with author and note", async () => {
    drop = await useScratchDatabase();
    const admin = await createTestUser("admin");
    const seed = await findThresholdVersion("active");

    const saved = await saveThresholdVersion({ thresholds: STRICTER, note: "  Stricter levels  ", basedOnId: seed.id, authorId: admin.id });

    expect(seed).toMatchObject({ version: 1, cutoffs: SEED_THRESHOLDS.cutoffs, judgeVersion: "v1" });
    expect(saved).toMatchObject({ version: 2, judgeVersion: "v1", recomputeJobId: null });
    const active = await findThresholdVersion("active");
    expect(active).toMatchObject({ id: saved.id, version: 2, cutoffs: STRICTER.cutoffs, note: "Stricter levels", basedOnId: seed.id, isActive: true });
    expect(active.author).toEqual({ id: admin.id, name: "Test admin", email: admin.email });
    expect((await findThresholdVersion({ version: 1 })).isActive).toBe(false);
  });

  it("lists the history newest first with what each version changed, and restores an old version as a new one", async () => {
    drop = await useScratchDatabase();
    const admin = await createTestUser("admin");
    const v1 = await findThresholdVersion("active");
    const v2 = await saveThresholdVersion({ thresholds: STRICTER, note: "stricter", basedOnId: v1.id, authorId: admin.id });
    const v3 = await saveThresholdVersion({ thresholds: REWEIGHED, note: "thesis length counts more", basedOnId: v2.id, authorId: admin.id });

    const restored = await restoreThresholdVersion({ versionId: v2.id, basedOnId: v3.id, authorId: admin.id });

    expect(restored).toMatchObject({ version: 4, restoredVersion: 2 });
    const history = await listThresholdVersions();
    expect(history.map((entry) => [entry.version, entry.isActive, entry.note])).toEqual([
      [4, true, "Restored version 2"],
      [3, false, "thesis length counts more"],
      [2, false, "stricter"],
      [1, false, expect.stringMatching(/^Defaults: Excellent ≥ 0\.80/)],
    ]);
    expect(history[2].changes.map((change) => [change.field, change.from, change.to])).toEqual([
      ["cutoffs.excellent", 0.8, 0.85],
      ["cutoffs.good", 0.65, 0.7],
      ["cutoffs.fair", 0.5, 0.55],
    ]);
    expect(history[1].changes.map((change) => [change.label, change.from, change.to])).toEqual([
      ["Excellent ≥", 0.85, 0.8],
      ["Good ≥", 0.7, 0.65],
      ["Fair ≥", 0.55, 0.5],
      ["Thesis · length", 0.2, 0.3],
      ["Thesis · sentiment", 0.2, 0.1],
    ]);
    expect(history[0]).toMatchObject({ cutoffs: STRICTER.cutoffs, weights: SEED_THRESHOLDS.weights, comparedWith: 3, judgeVersion: "v1" });
    expect(history[0].changes).toHaveLength(5);
  });

  it("refuses the second of two saves from the same base with a conflict naming who saved, and writes nothing for it", async () => {
    drop = await useScratchDatabase();
    const [alice, bob] = [await createTestUser("admin"), await createTestUser("admin")];
    const base = await findThresholdVersion("active");
    await saveThresholdVersion({ thresholds: STRICTER, note: "Alice's change", basedOnId: base.id, authorId: alice.id });

    const error = await rejection(saveThresholdVersion({ thresholds: REWEIGHED, note: "Bob's change", basedOnId: base.id, authorId: bob.id }));

    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/^Version 2 was saved by Test admin at .+ while you were editing version 1\. Nothing was saved and your draft is kept/);
    const history = await listThresholdVersions();
    expect(history.map((entry) => entry.note)).toEqual(["Alice's change", expect.stringMatching(/^Defaults: /)]);
    // Bob saves again from the version he now sees: his draft goes in as version 3.
    const again = await saveThresholdVersion({ thresholds: REWEIGHED, note: "Bob's change", basedOnId: history[0].id, authorId: bob.id });
    expect(again.version).toBe(3);
  });

  it("lets exactly one of two simultaneous saves from the same base win", async () => {
    drop = await useScratchDatabase();
    const admin = await createTestUser("admin");
    const base = await findThresholdVersion("active");

    const outcomes = await Promise.allSettled([
      saveThresholdVersion({ thresholds: STRICTER, note: "one", basedOnId: base.id, authorId: admin.id }),
      saveThresholdVersion({ thresholds: REWEIGHED, note: "two", basedOnId: base.id, authorId: admin.id }),
    ]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const failure = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect((failure.reason as DomainError).code).toBe("conflict");
    expect((await listThresholdVersions()).filter((entry) => entry.isActive)).toHaveLength(1);
  });

  it("explains invalid input field by field, and refuses a save that changes nothing", async () => {
    drop = await useScratchDatabase();
    const base = await findThresholdVersion("active");
    const bad = { cutoffs: { fair: 0.6, good: 0.6, excellent: 1.5 }, weights: { ...SEED_THRESHOLDS.weights, synthesis: { length: -0.2, sentiment: 0.1, completeness: 0.7 } } };

    const invalid = await rejection(saveThresholdVersion({ thresholds: bad, note: "", basedOnId: base.id, authorId: null }));
    const unchanged = await rejection(saveThresholdVersion({ thresholds: SEED_THRESHOLDS, note: "same", basedOnId: base.id, authorId: null }));

    expect(invalid.code).toBe("invalid");
    expect(invalid.fieldErrors).toEqual({
      "cutoffs.excellent": "At most 1",
      "cutoffs.good": "Good must be above Fair",
      "weights.synthesis.length": "Weights cannot be negative",
      note: "Write a note: what changed and why",
    });
    expect(unchanged.message).toBe("Nothing to save: these are the values of the active version 1.");
  });
});
