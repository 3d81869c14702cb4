import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTestUser } from "@/scripts/test/factories";
import { getDb } from "@/lib/server/db";
import { DomainError } from "@/lib/server/errors";
import { computeAgreement } from "./compute-agreement";
import { getDataVersion } from "./get-data-version";
import { recordAdjudication } from "./record-adjudication";
import { createThresholdVersion, plantTurns } from "./test-helpers";

const fixture = (name: string) => readFileSync(new URL(`../../stats/fixtures/${name}`, import.meta.url), "utf8");
const scored: { item_id: string; persona: string; human: number; judge: number }[] = fixture("scored.jsonl")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));
const expected = JSON.parse(fixture("expected.json"));
const SEED_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };

describe("computeAgreement on lib/stats/fixtures/scored.jsonl stored as turns", () => {
  it("reproduces the fixture's κ, ρ and τ (scipy, scikit-learn) within 1e-9", async () => {
    const planted = await plantTurns(scored.map((row) => ({ persona: row.persona, score: row.judge, ratings: [["fixture", row.human]] })));
    const thresholds = await createThresholdVersion(SEED_CUTOFFS);

    const { report } = await computeAgreement({ judge: planted.judge, thresholds });

    const kappa = expected.scored.kappa;
    const dataset = expected.scored.dataset_level;
    expect(report.headline.n).toBe(expected.scored.n);
    expect(report.headline.exactAgreement).toBeCloseTo(kappa.exact_agreement, 9);
    expect(report.headline.kappa.unweighted.value).toBeCloseTo(kappa.unweighted, 9);
    expect(report.headline.kappa.linear.value).toBeCloseTo(kappa.linear, 9);
    expect(report.headline.kappa.quadratic.value).toBeCloseTo(kappa.quadratic, 9);
    expect(report.headline.spearman.value).toBeCloseTo(dataset.spearman, 9);
    expect(report.headline.kendall.value).toBeCloseTo(dataset.kendall_tau_b, 9);
    expect(Math.abs(report.headline.spearman.pValue! / dataset.spearman_p - 1)).toBeLessThan(1e-6);
    expect(Math.abs(report.headline.kendall.pValue! / dataset.kendall_p - 1)).toBeLessThan(1e-6);
    expect(report.scope.judge?.name).toBe(planted.judge);
    expect(report.byPersona.reduce((n, g) => n + g.n, 0)).toBe(240);
  });
});

describe("computeAgreement: the human level and adjudication", () => {
  it("takes the lower median of two ratings, and an adjudicated level once one is recorded, then its replacement", async () => {
    const admin = await createTestUser("admin");
    const planted = await plantTurns([
      { score: 0.9, ratings: [["r1", 3], ["r2", 4]] }, // lower median Good; judge Excellent
      { score: 0.3, ratings: [["r1", 1], ["r2", 1]] },
      { score: 0.7, ratings: [["r1", 3], ["r2", 3]] },
    ]);
    const thresholds = await createThresholdVersion(SEED_CUTOFFS);
    const scope = { judge: planted.judge, thresholds };

    const before = (await computeAgreement(scope)).report;
    expect(before.headline.exactAgreement).toBeCloseTo(2 / 3, 12);
    expect(before.disagreements.judgeVsHuman.rows.map((r) => [r.turnId, r.humanLevel, r.judgeLevel])).toEqual([[planted.turnIds[0], 3, 4]]);

    expect(await recordAdjudication({ turnId: planted.turnIds[0], criterion: "overall", level: 4, note: "clearly excellent", adjudicatorId: admin.id })).toEqual({ isUpdate: false });
    const after = (await computeAgreement(scope)).report;
    expect(after.headline.exactAgreement).toBe(1);
    expect(after.notes.nAdjudicated).toBe(1);
    const adjudication = after.adjudications[`${planted.turnIds[0]}:overall`];
    expect(adjudication).toMatchObject({ level: 4, note: "clearly excellent", adjudicator: "Test admin" });

    expect(await recordAdjudication({ turnId: planted.turnIds[0], criterion: "overall", level: 2, adjudicatorId: admin.id })).toEqual({ isUpdate: true });
    const again = (await computeAgreement(scope)).report;
    expect(again.disagreements.judgeVsHuman.rows.map((r) => [r.humanLevel, r.median, r.adjudicated])).toEqual([[2, 3, 2]]);
    const stored = await getDb().adjudication.findMany({ where: { turnId: planted.turnIds[0] } });
    expect(stored).toHaveLength(1);
  });

  it("refuses to adjudicate a turn that does not exist", async () => {
    const admin = await createTestUser("admin");
    await expect(recordAdjudication({ turnId: 2_000_000_000, criterion: "overall", level: 2, adjudicatorId: admin.id })).rejects.toBeInstanceOf(DomainError);
  });
});

describe("computeAgreement: scope and cache", () => {
  it("filters by persona, date and import, and names an unknown judge or threshold version", async () => {
    const planted = await plantTurns(
      [
        { persona: "thesis", score: 0.9, ratings: [["r1", 4]], occurredAt: "2026-03-02T12:00:00Z" },
        { persona: "thesis", score: 0.3, ratings: [["r1", 1]], occurredAt: "2026-03-09T12:00:00Z" },
        { persona: "antithesis", score: 0.7, ratings: [["r1", 2]], occurredAt: "2026-03-09T12:00:00Z" },
      ],
      { withImport: true },
    );
    const n = async (extra: Record<string, unknown>) => (await computeAgreement({ judge: planted.judge, ...extra })).report.headline.n;
    expect(await n({})).toBe(3);
    expect(await n({ persona: "thesis" })).toBe(2);
    expect(await n({ from: "2026-03-09" })).toBe(2);
    expect(await n({ to: "2026-03-02" })).toBe(1);
    expect(await n({ import: planted.importId! })).toBe(3);
    expect(await n({ import: planted.importId! + 1_000_000 })).toBe(0);
    expect(await n({ criterion: "overall" })).toBe(3);
    await expect(computeAgreement({ judge: `${planted.judge}-missing` })).rejects.toThrow(/No judge named/);
    await expect(computeAgreement({ judge: planted.judge, thresholds: 2_000_000_000 })).rejects.toThrow(/No threshold version/);
  });

  it("serves the cached report until the data version changes", async () => {
    const planted = await plantTurns([{ score: 0.9, ratings: [["r1", 4]] }]);
    // Other test files write to the same database meanwhile: retry until nothing changed in between.
    for (let attempt = 0; ; attempt++) {
      const before = await getDataVersion();
      const first = await computeAgreement({ judge: planted.judge });
      const second = await computeAgreement({ judge: planted.judge });
      if ((await getDataVersion()) !== before && attempt < 10) continue;
      expect(second.report).toBe(first.report);
      break;
    }
    const version = await getDataVersion();
    await getDb().$executeRawUnsafe(`INSERT INTO ratings (turn_id, annotator, level, source) VALUES ($1, 'r2', 1, 'imported')`, planted.turnIds[0]);
    expect(await getDataVersion()).not.toBe(version);
    const third = await computeAgreement({ judge: planted.judge });
    expect(third.report.headline.n).toBe(1);
    expect(third.report.disagreements.amongHumans.rows[0]?.levels).toEqual([1, 4]);
  });

  it("takes a generic dataset's dimension as the criterion", async () => {
    const planted = await plantTurns([
      { score: 0.9, ratings: [["r1", 4]], dimension: "fluency" },
      { score: 0.3, ratings: [["r1", 1]], dimension: "coherence" },
    ]);
    const report = (await computeAgreement({ judge: planted.judge })).report;
    expect(report.byCriterion.map((g) => g.key)).toEqual(["coherence", "fluency"]);
    expect((await computeAgreement({ judge: planted.judge, criterion: "fluency" })).report.headline.n).toBe(1);
  });
});
