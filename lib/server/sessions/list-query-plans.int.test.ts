import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIST_QUERY, QUALITY_PARAMS, SORT_KEYS, type ListQuery } from "@/lib/sessions/list-query.schema";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { useScratchDatabase } from "../thresholds/thresholds-test-data";
import { listPlan } from "./find-session-page-ids";
import { findSessions } from "./find-sessions";
import { textSearchPlan } from "./find-text-matches";
import { listCount } from "./find-session-count";
import { createJudge, createSession, uniqueWord } from "./session-fixtures";

// The sessions list must never read every turn (issue 20): each of its statements is
// captured as it runs, then planned again with sequential scans priced out of reach
// (enable_seqscan = off), so a whole-table read left in a plan (a Seq Scan, or an index
// walked without a condition) is one no index can replace. A test
// database is small, where PostgreSQL rightly scans; this asks what it would do at scale.

const SEED_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };
const LARGE_TABLES = ["turns", "judge_scores", "ratings"];

type Plan = { "Node Type": string; "Relation Name"?: string; "Index Cond"?: string; Plans?: Plan[] };

/** Tables a plan reads whole: a Seq Scan, or (what the planner falls back to when seq scans are off) an index scan with no condition. */
function seqScans(plan: Plan): string[] {
  const isWhole = plan["Node Type"] === "Seq Scan" || (/^Index (Only )?Scan$/.test(plan["Node Type"]) && plan["Index Cond"] === undefined);
  const own = isWhole && plan["Relation Name"] ? [plan["Relation Name"]] : [];
  return [...own, ...(plan.Plans ?? []).flatMap(seqScans)];
}

/** Runs `task` while recording every $queryRaw statement the Prisma client sends. */
async function captured(task: () => Promise<unknown>): Promise<Prisma.Sql[]> {
  const db = getDb();
  const statements: Prisma.Sql[] = [];
  const original = db.$queryRaw.bind(db);
  const recording = ((first: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
    const statement = Array.isArray(first) ? Prisma.sql(first as TemplateStringsArray, ...values) : (first as Prisma.Sql);
    statements.push(statement);
    return original(statement);
  }) as typeof db.$queryRaw;
  Object.defineProperty(db, "$queryRaw", { value: recording, configurable: true, writable: true });
  try {
    await task();
  } finally {
    Object.defineProperty(db, "$queryRaw", { value: original, configurable: true, writable: true });
  }
  return statements;
}

async function scannedTables(statement: Prisma.Sql): Promise<string[]> {
  return getDb().$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    const [row] = await tx.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: Plan }] }[]>(`EXPLAIN (FORMAT JSON) ${statement.text}`, ...statement.values);
    return seqScans(row["QUERY PLAN"][0].Plan);
  });
}

/** Every sort both ways, alone and with each filter, and the filters together. */
function listQueries(marker: string, judge: number): ListQuery[] {
  const filters: Partial<ListQuery>[] = [
    {},
    { q: marker },
    { q: "response" },
    { persona: "thesis" },
    { rated: "yes" },
    { rated: "no" },
    { judge },
    { from: "2024-06-01", to: "2024-07-31" },
    { quality: [QUALITY_PARAMS[2]] },
    { minScore: 0.6, maxScore: 0.9 },
    { q: marker, persona: "thesis", rated: "yes", judge, from: "2024-01-01", quality: ["good", "excellent"], minScore: 0.5 },
  ];
  return SORT_KEYS.flatMap((sort) =>
    (["asc", "desc"] as const).flatMap((dir) => filters.map((filter) => ({ ...DEFAULT_LIST_QUERY, sort, dir, ...filter }))),
  );
}

describe("the sessions list's query plans", () => {
  const marker = uniqueWord();
  let judge: number;
  const planned = { list: { ...listPlan }, text: { ...textSearchPlan }, count: { ...listCount } };
  let drop: () => Promise<void> = async () => {};
  afterAll(async () => {
    Object.assign(listPlan, planned.list);
    Object.assign(textSearchPlan, planned.text);
    Object.assign(listCount, planned.count);
    await drop();
  });

  beforeAll(async () => {
    drop = await useScratchDatabase();
    judge = await createJudge("plans-test", "heuristic");
    for (let i = 0; i < 4; i++) {
      await createSession({
        seedPrompt: `${marker} prompt ${i}`,
        startedAt: new Date(`2024-0${6 + i}-10T10:00:00Z`),
        turns: [
          { personaId: "thesis", scores: { [judge]: 0.5 + i / 10 }, ratings: i % 2 === 0 ? [3] : [] },
          { personaId: "antithesis", scores: { [judge]: 0.6 } },
        ],
      });
    }
  });

  it.each([
    ["matches fetched, then sorted", 2_000, textSearchPlan.maxListedMatches, listCount.candidatesMax],
    ["the sort's index walked", 0, textSearchPlan.maxListedMatches, listCount.candidatesMax],
    ["the search checked per session, matches fetched, then sorted", 2_000, 0, listCount.candidatesMax],
    ["the search checked per session, the other filters' matches sorted, then checked", 0, 0, listCount.candidatesMax],
    ["the search checked per session, the sort's index walked", 0, 0, 0],
  ])("never scans turns, judge scores or ratings whole (%s)", async (_, fetchThenSortMax, maxListedMatches, candidatesMax) => {
    listPlan.fetchThenSortMax = fetchThenSortMax;
    textSearchPlan.maxListedMatches = maxListedMatches;
    listCount.candidatesMax = candidatesMax;
    const queries = listQueries(marker, judge);
    const statements = await captured(async () => {
      for (const query of queries) {
        await findSessions(query, SEED_CUTOFFS, judge);
        await findSessions(query, SEED_CUTOFFS);
      }
    });
    expect(statements.length).toBeGreaterThan(queries.length * 4);
    const offending: string[] = [];
    for (const statement of statements) {
      const scanned = (await scannedTables(statement)).filter((table) => LARGE_TABLES.includes(table));
      if (scanned.length > 0) offending.push(`${scanned.join(", ")}: ${statement.text.replace(/\s+/g, " ").slice(0, 300)}`);
    }
    expect(offending).toEqual([]);
  });

  it("catches a statement that does scan a table whole", async () => {
    // On a table of its own (the shared test database's turns vary with the other files that
    // ran): a condition no index can serve leaves a whole read in the plan, seq scans off or not.
    const plan = await getDb().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("CREATE TEMP TABLE plan_probe (id int PRIMARY KEY, n int) ON COMMIT DROP");
      await tx.$executeRawUnsafe("INSERT INTO plan_probe SELECT i, i % 100 FROM generate_series(1, 5000) i");
      await tx.$executeRawUnsafe("ANALYZE plan_probe");
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const [row] = await tx.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: Plan }] }[]>("EXPLAIN (FORMAT JSON) SELECT count(*) FROM plan_probe WHERE n + 0 = 7");
      return row["QUERY PLAN"][0].Plan;
    });
    expect(seqScans(plan), JSON.stringify(plan)).toEqual(["plan_probe"]);
  });
});
