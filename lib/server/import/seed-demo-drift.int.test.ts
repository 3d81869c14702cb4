import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations } from "@/lib/server/migrate";
import { getDb } from "@/lib/server/db";
import { createScratchDatabase } from "@/scripts/test/test-database";
import { crossedKappas } from "@/lib/stats/crossed-versions";
import { getDataVersion } from "../agreement/get-data-version";
import { resolveAgreementScope } from "../agreement/resolve-agreement-scope";
import { findVersionData } from "../judge-versions/find-version-data";
import { buildVersionsTable, getJudgeVersions } from "../judge-versions/get-judge-versions";
import { getSelfEnhancement } from "../self-enhancement/get-self-enhancement";
import { seedDemo } from "./seed-demo";
import { DEMO_DRIFT_JUDGE } from "./seed-demo-drift";
import { closeImportPool } from "./with-import-transaction";

// The demo seed on a scratch database of its own (seedDemo only seeds an empty one), as in seed-demo.int.test.ts.
const globalForDb = globalThis as unknown as { concordDb?: unknown };
let drop = async () => {};

beforeAll(async () => {
  const scratch = await createScratchDatabase(inject("databaseUrl"));
  drop = scratch.drop;
  await applyMigrations(scratch.url);
  await getDb().$disconnect();
  await closeImportPool();
  globalForDb.concordDb = undefined;
  process.env.DATABASE_URL = scratch.url;
  await seedDemo({ now: new Date("2026-03-01T12:00:00Z") });
});

afterAll(async () => {
  await getDb().$disconnect();
  await closeImportPool();
  globalForDb.concordDb = undefined;
  process.env.DATABASE_URL = inject("databaseUrl");
  await drop();
});

describe("the demo's judge versions and self-enhancement", () => {
  it("gives every demo turn its backend's generator model", async () => {
    const models = await getDb().turn.groupBy({ by: ["generatorModel"], where: { session: { kind: "orchestrator" } }, _count: true, orderBy: { generatorModel: "asc" } });
    expect(models.map((m) => m.generatorModel)).toEqual(["gpt-4o", "llama-3.1-70b-instruct", "qwen2.5:14b"]);
    expect(models.reduce((n, m) => n + m._count, 0)).toBe(540);
  });

  it("lists the demo judge's three versions without a judge named, and its newest one is a regression", async () => {
    const listed = await getJudgeVersions({});
    expect(listed.judges.map((j) => j.name)).toEqual([DEMO_DRIFT_JUDGE.name]);
    expect(listed.judges[0].versions.map((v) => v.version)).toEqual(["p1", "p2", "p3"]);
    expect(listed.judges[0].frozen.nItems).toBe(270);
    const dataVersion = await getDataVersion();
    const data = await findVersionData(await resolveAgreementScope({}, dataVersion, { withDefaultJudge: false }), DEMO_DRIFT_JUDGE.name);
    const result = crossedKappas(data.input!, data.levels, { replicates: 2000 });
    const table = buildVersionsTable(data, { status: "ready", result, computedAt: "" });
    expect(table.versions.map((v) => v.status)).toEqual(["first", "steady", "regression"]);
    expect(table.newestIsRegression).toBe(true);
  });

  it("shows the demo judge favouring answers written by GPT more than the raters do", async () => {
    const report = await getSelfEnhancement({ judge: DEMO_DRIFT_JUDGE.name });
    expect(report.judge).toMatchObject({ version: "p3", family: "openai/gpt" });
    expect(report.generators.map((g) => [g.model, g.isOwn])).toEqual([
      ["gpt-4o", true],
      ...report.generators.filter((g) => !g.isOwn).map((g) => [g.model, false]),
    ]);
    expect(report.figures!.verdict).toBe("favours");
    const p1 = await getSelfEnhancement({ judge: DEMO_DRIFT_JUDGE.name, judgeVersion: "p1" });
    expect(p1.figures!.verdict).toBe("favours");
  });
});
