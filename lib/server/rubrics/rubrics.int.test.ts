import { afterEach, describe, expect, inject, it } from "vitest";
import { CRITERION_TEMPLATES } from "@/lib/rubric/criterion-templates";
import { DEFAULT_RUBRIC } from "@/lib/rubric/default-rubric";
import { BINARY_CRITERION, NUMERIC_CRITERION, typedRubric } from "@/lib/rubric/test-criteria";
import { applyMigrations } from "@/lib/server/migrate";
import { createScratchDatabase } from "@/scripts/test/test-database";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { ensureDefaultRubric } from "./ensure-default-rubric";
import { getActiveRubric } from "./get-active-rubric";
import { getRubricVersion } from "./get-rubric-version";
import { listRubricVersions } from "./list-rubric-versions";
import { saveRubricVersion } from "./save-rubric-version";

// The rubric is global: these tests run on a database of their own, so that the versions
// they save are not the active rubric of the queue tests running beside them.
const originalUrl = process.env.DATABASE_URL;
let drop: (() => Promise<void>) | null = null;

async function useEmptyDatabase(): Promise<void> {
  const scratch = await createScratchDatabase(inject("databaseUrl"));
  await applyMigrations(scratch.url);
  process.env.DATABASE_URL = scratch.url;
  drop = async () => {
    await getDb().$disconnect();
    process.env.DATABASE_URL = originalUrl;
    await scratch.drop();
  };
}

afterEach(async () => {
  await drop?.();
  drop = null;
});

describe("the default rubric", () => {
  it("is stored once as version 1, active, however many servers start at the same moment", async () => {
    await useEmptyDatabase();

    const created = await Promise.all(Array.from({ length: 8 }, () => ensureDefaultRubric()));

    expect(created.filter(Boolean)).toHaveLength(1);
    expect(await ensureDefaultRubric()).toBe(false);
    const versions = await getDb().rubricVersion.findMany();
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, isActive: true, criteria: DEFAULT_RUBRIC });
    expect(await getDb().rubric.count()).toBe(1);
  });

  it("is created on first use when bootstrap has not run", async () => {
    await useEmptyDatabase();

    const rubric = await getActiveRubric();

    expect(rubric).toMatchObject({ version: 1, content: DEFAULT_RUBRIC });
  });
});

describe("saving the rubric", () => {
  it("makes each save a new active version and keeps the old ones", async () => {
    await useEmptyDatabase();
    const first = await getActiveRubric();
    const withCriteria = { ...DEFAULT_RUBRIC, criteria: [...DEFAULT_RUBRIC.criteria, ...CRITERION_TEMPLATES] };

    const saved = await saveRubricVersion({ content: withCriteria, note: "Completeness and critical intensity", basedOnVersionId: first.versionId, authorId: null });

    expect(saved.version).toBe(2);
    expect(await getActiveRubric()).toEqual({ versionId: saved.id, version: 2, content: withCriteria });
    expect(await getRubricVersion(first.versionId)).toMatchObject({ version: 1, content: DEFAULT_RUBRIC });
    expect((await listRubricVersions()).map((v) => [v.version, v.isActive, v.criteriaNames])).toEqual([
      [2, true, ["Overall quality", "Completeness", "Critical intensity"]],
      [1, false, ["Overall quality"]],
    ]);
  });

  it("declares the type of each criterion but overall in criterion_types, replacing an earlier declaration", async () => {
    await useEmptyDatabase();
    const first = await getActiveRubric();
    await getDb().criterionType.create({ data: { criterion: "is_safe", type: "categorical", labels: ["a", "b", "c"] } });

    const saved = await saveRubricVersion({ content: typedRubric(), note: "Typed criteria", basedOnVersionId: first.versionId, authorId: null });
    const renamed = { ...BINARY_CRITERION, levels: BINARY_CRITERION.levels.map((l) => (l.label === "Pass" ? { ...l, label: "Safe" } : l)), positive: "Safe" };
    await saveRubricVersion({ content: typedRubric([renamed, NUMERIC_CRITERION]), note: "Renamed", basedOnVersionId: saved.id, authorId: null });

    const rows = await getDb().criterionType.findMany({ orderBy: { criterion: "asc" }, select: { criterion: true, type: true, labels: true, positive: true, min: true, max: true } });
    expect(rows).toEqual([
      // Criteria dropped from the rubric keep their declaration: their ratings still have that type.
      { criterion: "errors", type: "multilabel", labels: ["Factual", "Logical", "Off-topic"], positive: null, min: null, max: null },
      { criterion: "intent", type: "categorical", labels: ["Argue", "Question", "Summarise"], positive: null, min: null, max: null },
      { criterion: "is_safe", type: "binary", labels: ["Fail", "Safe"], positive: "Safe", min: null, max: null },
      { criterion: "novelty", type: "numeric", labels: [], positive: null, min: 0, max: 10 },
    ]);
  });

  it("refuses a save based on a version that is no longer the active one", async () => {
    await useEmptyDatabase();
    const first = await getActiveRubric();
    await saveRubricVersion({ content: DEFAULT_RUBRIC, note: "one", basedOnVersionId: first.versionId, authorId: null });

    const stale = saveRubricVersion({ content: DEFAULT_RUBRIC, note: "two", basedOnVersionId: first.versionId, authorId: null });

    await expect(stale).rejects.toThrow(DomainError);
    await expect(stale).rejects.toThrow(/Another admin saved version 2/);
  });

  it("gives two admins saving at once one new version and one refusal, never two active", async () => {
    await useEmptyDatabase();
    const first = await getActiveRubric();

    const results = await Promise.allSettled(
      ["a", "b"].map((note) => saveRubricVersion({ content: DEFAULT_RUBRIC, note, basedOnVersionId: first.versionId, authorId: null })),
    );

    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await getDb().rubricVersion.count({ where: { isActive: true } })).toBe(1);
    expect(await getDb().rubricVersion.count()).toBe(2);
  });
});
