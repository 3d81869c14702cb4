import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cohenKappa, levelFromCutoffs } from "@/lib/stats";
import { applyMigrations } from "@/lib/server/migrate";
import { getDb } from "@/lib/server/db";
import { createScratchDatabase } from "@/scripts/test/test-database";
import { pairwiseFigures } from "@/lib/agreement/pairwise";
import { DEMO_RATERS, isDatabaseEmpty, seedDemo } from "./seed-demo";
import { DEMO_PAIRWISE_JUDGE } from "./seed-demo-pairwise";
import { DEMO_PANEL } from "./seed-demo-panel";
import { getPanelReport } from "../panels/get-panel-report";
import { getCalibrationReport } from "../calibrated-judges/get-calibration-report";
import { DEMO_CALIBRATED } from "./seed-demo-calibrated";
import { closeImportPool } from "./with-import-transaction";
import { getCascadeReport } from "../cascades/get-cascade-report";
import { DEMO_CASCADE, DEMO_CASCADE_ENDPOINTS } from "./seed-demo-cascade";

// seedDemo only seeds an empty database, and other test files add sessions to the shared one,
// so this file works on a scratch database of its own: DATABASE_URL points there and the
// process's Prisma client (cached on globalThis by lib/server/db.ts) and the import pool are
// rebuilt for it.
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
});

afterAll(async () => {
  await getDb().$disconnect();
  await closeImportPool();
  globalForDb.concordDb = undefined;
  process.env.DATABASE_URL = inject("databaseUrl");
  await drop();
});

describe("seedDemo", () => {
  it("seeds 60 scored sessions of 9 turns and two or three ratings on half the turns, once", async () => {
    expect(await isDatabaseEmpty()).toBe(true);

    const result = await seedDemo({ now: new Date("2026-03-01T12:00:00Z") });
    const again = await seedDemo();

    expect(result).toEqual({ status: "seeded", sessions: 60, turns: 540, ratings: 630, raters: 3, labelled: { turns: 240, ratings: 720 }, comparisons: 59, panelTurns: 540 });
    expect(again).toEqual({ status: "skipped", reason: "the database already holds sessions" });
    expect(await isDatabaseEmpty()).toBe(false);
    const db = getDb();
    expect(await db.evalSession.count({ where: { kind: { not: "generic" } } })).toBe(60);
    expect(await db.turn.count({ where: { session: { kind: { not: "generic" } } } })).toBe(540);
    expect(await db.judgeScore.count({ where: { judge: { name: "heuristic", version: "v1" }, isImported: false } })).toBe(540);
    expect(await db.import.findMany({ select: { source: true, sessionCount: true, turnCount: true }, orderBy: { id: "asc" } })).toEqual([
      { source: "demo", sessionCount: 60, turnCount: 540 },
      { source: "demo", sessionCount: 1, turnCount: 240 },
    ]);
    const raters = await db.user.findMany({ where: { role: "rater" }, orderBy: { email: "asc" }, select: { email: true, passwordHash: true, isActive: true } });
    expect(raters).toEqual(DEMO_RATERS.map((r) => ({ email: r.email, passwordHash: null, isActive: true })));
    expect(await db.turn.count({ where: { ratings: { some: { annotator: null } } } })).toBe(270);
    const perTurn = await db.rating.groupBy({ by: ["turnId"], where: { annotator: null }, _count: true });
    expect(perTurn.filter((g) => g._count === 3)).toHaveLength(90);
    expect(perTurn.filter((g) => g._count === 2)).toHaveLength(180);
  });

  it("has sessions in English and Korean, personas as in seed 002, and timestamps over the last eight weeks", async () => {
    const db = getDb();
    const prompts = await db.evalSession.findMany({ where: { kind: "orchestrator" }, select: { seedPrompt: true, startedAt: true } });
    expect(prompts.some((p) => /[가-힣]/.test(p.seedPrompt ?? ""))).toBe(true);
    expect(prompts.some((p) => /^[A-Za-z]/.test(p.seedPrompt ?? ""))).toBe(true);
    const times = prompts.map((p) => p.startedAt!.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(new Date("2026-03-01T00:00:00Z").getTime() - 57 * 86_400_000);
    expect(Math.max(...times)).toBeLessThan(new Date("2026-03-01T00:00:00Z").getTime());
    const personas = await db.turn.groupBy({ by: ["personaId", "personaName", "personaRole"], where: { session: { kind: "orchestrator" } }, _count: true, orderBy: { personaId: "asc" } });
    expect(personas.map((p) => [p.personaId, p.personaName, p.personaRole, p._count])).toEqual([
      ["antithesis", "Boundary Challenger", "Critical reflector", 180],
      ["synthesis", "Fractal Synthesiser", "Integrator", 180],
      ["thesis", "Dialectic Thesis", "Seed explorer", 180],
    ]);
  });

  it("spreads judge scores over all four levels and gives each rater a moderate agreement with the judge", async () => {
    const db = getDb();
    const scores = await db.judgeScore.findMany({ where: { judge: { name: "heuristic" } }, select: { overallScore: true, turnId: true } });
    const levelOf = (score: number) => levelFromCutoffs(score, [0.5, 0.65, 0.8], 1);
    const counts = [1, 2, 3, 4].map((level) => scores.filter((s) => levelOf(s.overallScore) === level).length);
    expect(counts.every((count) => count >= 50)).toBe(true);
    const judgeLevel = new Map(scores.map((s) => [s.turnId, levelOf(s.overallScore)]));
    for (const rater of DEMO_RATERS) {
      const ratings = await db.rating.findMany({ where: { rater: { email: rater.email } }, select: { turnId: true, level: true } });
      const kappa = cohenKappa(ratings.map((r) => judgeLevel.get(r.turnId)!), ratings.map((r) => r.level!), [1, 2, 3, 4]).unweighted.value!;
      expect(kappa).toBeGreaterThan(0.4);
      expect(kappa).toBeLessThan(0.7);
    }
  });

  it("adds a labelled dataset with one criterion of each type, the judge's labels with a confidence", async () => {
    const db = getDb();
    const types = await db.criterionType.findMany({ where: { criterion: { in: ["policy", "intent", "issues", "helpfulness"] } }, orderBy: { criterion: "asc" } });
    expect(types.map((t) => [t.criterion, t.type, t.labels, t.positive, t.min, t.max])).toEqual([
      ["helpfulness", "numeric", [], null, 0, 10],
      ["intent", "categorical", ["question", "request", "complaint", "praise"], null, null, null],
      ["issues", "multilabel", ["factual_error", "off_topic", "too_long", "rude"], null, null, null],
      ["policy", "binary", ["fail", "pass"], "pass", null, null],
    ]);
    const confidence = await db.judgeLabel.aggregate({ _count: { confidence: true }, _min: { confidence: true }, _max: { confidence: true } });
    expect(confidence._count.confidence).toBe(180);
    expect(confidence._min.confidence).toBeGreaterThanOrEqual(0.5);
    expect(confidence._max.confidence).toBeLessThanOrEqual(1);
    expect(await db.rating.count({ where: { label: { not: null } } })).toBe(360);
    expect(await db.rating.count({ where: { annotator: { not: null }, score: { not: null } } })).toBe(180);
  });

  it("adds pairwise comparisons with a position bias the swap shows, confidences, and a person's verdict on each", async () => {
    const rows = await getDb().pairwiseComparison.findMany({ where: { judge: DEMO_PAIRWISE_JUDGE }, orderBy: { id: "asc" } });
    expect(rows).toHaveLength(59);
    const figures = pairwiseFigures({
      pass1: rows.map((r) => r.pass1Winner),
      pass2: rows.map((r) => r.pass2Winner),
      winner: rows.map((r) => r.winner),
      human: rows.map((r) => r.humanWinner!),
      confidence: rows.map((r) => r.confidence),
    })!;
    expect(figures.passes.positionConsistency).toBeGreaterThan(0.5);
    expect(figures.passes.positionConsistency).toBeLessThan(0.95);
    expect(figures.calibration?.n).toBe(59);
    expect(figures.byConsistency.consistent.agreement!).toBeGreaterThan(figures.byConsistency.flipped.agreement!);
  });

  it("adds a panel of three judges with correlated errors: n_eff well below 3, and the panel's figures on the report", async () => {
    const report = await getPanelReport({ judge: DEMO_PANEL, judgeVersion: "1" });
    expect(report.panel).toMatchObject({ name: DEMO_PANEL, version: "1", aggregate: "mean" });
    expect(report.panel?.members.map((m) => m.name)).toEqual(["demo-judge-a", "demo-judge-b", "demo-judge-c"]);
    const d = report.diagnostics!;
    expect(d.n).toBe(270);
    expect(d.errorCorrelation.mean!).toBeGreaterThan(0.3);
    expect(d.nEff!).toBeLessThan(2.2);
    expect(d.difference.ci).not.toBeNull();
    expect(d.fitted?.coef).toHaveLength(3);
    expect(d.fitted!.outOfFoldKappa!).toBeGreaterThan(0.3);
  });

  it("adds a calibrated heuristic judge that scores every turn the heuristic judge scored, with its out-of-fold figures on the report", async () => {
    const judge = await getDb().judge.findUniqueOrThrow({ where: { name_version: { name: DEMO_CALIBRATED, version: "1" } }, include: { _count: { select: { scores: true } } } });
    expect(judge.kind).toBe("calibrated");
    expect(judge._count.scores).toBe(540);
    const report = await getCalibrationReport({ judge: DEMO_CALIBRATED, judgeVersion: "1" });
    expect(report.calibrated).toMatchObject({ source: { name: "heuristic", version: "v1" }, nRated: 270, nUnrated: 270, folds: 5 });
    const f = report.figures!;
    expect(f.n).toBe(270);
    expect(f.mae!).toBeLessThan(f.maeRaw!);
  });

  it("adds a cascade of a cheap screener and a strong judge on priced demo endpoints, with its agreement and costs on the report", async () => {
    const report = await getCascadeReport({ judge: DEMO_CASCADE, judgeVersion: "1" });
    // The band Concord proposes around Good (0.65) at the default tolerance of 0.02 κ.
    expect(report.cascade).toMatchObject({ name: DEMO_CASCADE, version: "1", screener: { name: "demo-judge-c" }, strong: { name: "demo-gpt-judge", version: "p2" }, cutoff: 0.65, below: 0.198, above: 0.198, tolerance: 0.02 });
    const f = report.figures!;
    expect({ n: f.n, turns: f.turns, escalated: f.escalated, nWithoutStrong: f.nWithoutStrong }).toEqual({ n: 270, turns: 270, escalated: 195, nWithoutStrong: 0 });
    expect(f.kappa).toEqual({ cascade: 0.6909486780715397, screener: 0.6675195315172329, strong: 0.7108627267251189 });
    expect(f.kappa.cascade!).toBeGreaterThanOrEqual(f.kappa.strong! - 0.02);
    // Costs: the recorded tokens on the rated turns at the demo endpoints' prices per 1M tokens.
    const tokensOn = async (judge: string, version: string, escalatedOnly: boolean) => {
      const [row] = await getDb().$queryRawUnsafe<{ input: number; output: number }[]>(
        `SELECT sum(s.input_tokens)::int AS input, sum(s.output_tokens)::int AS output FROM judge_scores s JOIN judges j ON j.id = s.judge_id
         WHERE j.name = $1 AND j.version = $2 AND s.turn_id IN (SELECT turn_id FROM ratings WHERE criterion = 'overall')
           AND (NOT $3 OR s.turn_id IN (SELECT c.turn_id FROM judge_scores c JOIN judges cj ON cj.id = c.judge_id WHERE cj.name = $4 AND (c.metrics->'cascade'->>'escalated')::boolean))`,
        judge, version, escalatedOnly, DEMO_CASCADE,
      );
      return row;
    };
    const { screener: cheap, strong: dear } = DEMO_CASCADE_ENDPOINTS;
    const screener = await tokensOn("demo-judge-c", "1", false);
    const strong = await tokensOn("demo-gpt-judge", "p2", false);
    const escalated = await tokensOn("demo-gpt-judge", "p2", true);
    expect(screener).toEqual({ input: 158704, output: 2152 });
    expect(strong).toEqual({ input: 223504, output: 31917 });
    expect(f.cost.screener).toMatchObject({ cost: (screener.input * cheap.input + screener.output * cheap.output) / 1e6, tokens: screener, missing: null });
    expect(f.cost.strong).toMatchObject({ cost: (strong.input * dear.input + strong.output * dear.output) / 1e6, tokens: strong, missing: null });
    expect(f.cost.cascade.cost).toBe(f.cost.screener.cost! + (escalated.input * dear.input + escalated.output * dear.output) / 1e6);
    expect([f.cost.screener.cost, f.cost.cascade.cost, f.cost.strong.cost]).toEqual([0.00643424, 0.04512854, 0.0526758]);
    // Demo endpoints carry prices only: no key, and a URL that cannot resolve.
    const endpoints = await getDb().judgeEndpoint.findMany({ where: { name: { startsWith: "Demo:" } }, orderBy: { name: "asc" } });
    expect(endpoints.map((e) => [e.apiKeyCiphertext, new URL(e.baseUrl).hostname.endsWith(".invalid")])).toEqual([[null, true], [null, true]]);
  });
});
