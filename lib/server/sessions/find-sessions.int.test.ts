import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIST_QUERY, type ListQuery } from "@/lib/sessions/list-query.schema";
import { TOTAL_COUNT_CAP } from "@/lib/sessions/session-list";
import { summarizeTurns } from "@/lib/sessions/session-summary";
import { Prisma } from "@/prisma/generated/client";
import { createJudge, createSession, uniqueHangul, uniqueWord } from "./session-fixtures";
import { listPlan } from "./find-session-page-ids";
import { findSessionCount, listCount } from "./find-session-count";
import { textSearchPlan } from "./find-text-matches";
import { findSessions } from "./find-sessions";

const SEED_CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };

function query(changes: Partial<ListQuery>): ListQuery {
  return { ...DEFAULT_LIST_QUERY, ...changes };
}

async function ids(changes: Partial<ListQuery>, cutoffs = SEED_CUTOFFS): Promise<number[]> {
  return (await findSessions(query(changes), cutoffs)).rows.map((row) => row.id);
}

// Every plan of a page (lib/server/sessions/find-session-page-ids.ts): few matches fetched
// then sorted, many walked in the sort's index order; and the text search's matches listed
// first, or (a search with many matches) checked per session.
const PLANS = [
  ["matches fetched, then sorted", listPlan.fetchThenSortMax, textSearchPlan.maxListedMatches, listCount.candidatesMax],
  ["the sort's index walked", 0, textSearchPlan.maxListedMatches, listCount.candidatesMax],
  ["the search checked per session, matches fetched, then sorted", listPlan.fetchThenSortMax, 0, listCount.candidatesMax],
  ["the search checked per session, the other filters' matches sorted, then checked", 0, 0, listCount.candidatesMax],
  ["the search checked per session, the sort's index walked", 0, 0, 0],
] as const;

describe.each(PLANS)("findSessions with %s", (_, fetchThenSortMax, maxListedMatches, candidatesMax) => {
  const planned = { list: { ...listPlan }, text: { ...textSearchPlan }, count: { ...listCount } };
  beforeAll(() => {
    listPlan.fetchThenSortMax = fetchThenSortMax;
    textSearchPlan.maxListedMatches = maxListedMatches;
    listCount.candidatesMax = candidatesMax;
  });
  afterAll(() => {
    Object.assign(listPlan, planned.list);
    Object.assign(textSearchPlan, planned.text);
    Object.assign(listCount, planned.count);
  });

  describe("findSessions filters and sorting", () => {
    // Every query names this marker (in every seed prompt), so other tests' rows never count.
    const marker = uniqueWord();
    let judge: number;
    let otherJudge: number;
    const s: Record<"a" | "b" | "c" | "d" | "e", number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };

    beforeAll(async () => {
      judge = await createJudge("heuristic-test", "heuristic");
      otherJudge = await createJudge("llm-test");
      const scored = (personaId: string, score: number, ratings: number[] = []) => ({ personaId, scores: { [judge]: score }, ratings });
      // a: 3 turns, avg 0.70 (Good), thesis+antithesis, one rated turn, June 2024
      s.a = await createSession({
        seedPrompt: `${marker} alpha prompt`,
        startedAt: new Date("2024-06-01T10:00:00Z"),
        turns: [scored("thesis", 0.7, [3]), scored("antithesis", 0.6), scored("thesis", 0.8)],
      });
      // b: 2 turns, avg 0.85 (Excellent), synthesis only, no ratings, July 2024
      s.b = await createSession({
        seedPrompt: `${marker} beta prompt`,
        startedAt: new Date("2024-07-15T08:00:00Z"),
        turns: [scored("synthesis", 0.9), scored("synthesis", 0.8)],
      });
      // c: 4 turns, avg 0.40 (Poor), antithesis, two of four turns rated, May 2024; also scored by another judge
      s.c = await createSession({
        seedPrompt: `${marker} gamma prompt`,
        startedAt: new Date("2024-05-20T00:00:00Z"),
        turns: [
          { personaId: "antithesis", scores: { [judge]: 0.4, [otherJudge]: 0.9 }, ratings: [1, 2] },
          { personaId: "antithesis", scores: { [judge]: 0.4 }, ratings: [2] },
          { personaId: "thesis", scores: { [judge]: 0.4 } },
          { personaId: "synthesis", scores: { [judge]: 0.4 } },
        ],
      });
      // d: 1 turn, no score at all, no start time (imported "now")
      s.d = await createSession({ seedPrompt: `${marker} delta prompt`, startedAt: null, turns: [{ personaId: "thesis" }] });
      // e: 2 turns, [0.6, 0.7]: the float average 0.6499999999999999 is Fair under the seed's cut-offs
      s.e = await createSession({
        seedPrompt: `${marker} epsilon prompt`,
        startedAt: new Date("2024-06-10T12:00:00Z"),
        turns: [scored("thesis", 0.6), scored("antithesis", 0.7)],
      });
    });

    it("finds exactly the marked sessions, newest first by default", async () => {
      expect(await ids({ q: marker })).toEqual([s.d, s.b, s.e, s.a, s.c]);
    });

    it("combines filters with AND", async () => {
      expect(await ids({ q: marker, persona: "antithesis" })).toEqual([s.e, s.a, s.c]);
      expect(await ids({ q: marker, persona: "antithesis", rated: "yes" })).toEqual([s.a, s.c]);
      expect(await ids({ q: marker, persona: "antithesis", rated: "yes", from: "2024-06-01", to: "2024-06-30" })).toEqual([s.a]);
      expect(await ids({ q: marker, rated: "no" })).toEqual([s.d, s.b, s.e]);
      expect(await ids({ q: marker, judge: otherJudge })).toEqual([s.c]);
      expect(await ids({ q: marker, minScore: 0.5, maxScore: 0.75 })).toEqual([s.e, s.a]);
      expect(await ids({ q: marker, quality: ["good", "excellent"], persona: "thesis" })).toEqual([s.a]);
    });

    it("includes the whole of the `to` day and excludes sessions before `from`", async () => {
      expect(await ids({ q: marker, from: "2024-07-15", to: "2024-07-15" })).toEqual([s.b]);
      expect(await ids({ q: marker, to: "2024-05-20" })).toEqual([s.c]);
    });

    it("sorts by every key in both directions, sessions without a score last", async () => {
      expect(await ids({ q: marker, sort: "started", dir: "asc" })).toEqual([s.c, s.a, s.e, s.b, s.d]);
      expect(await ids({ q: marker, sort: "turns", dir: "desc" })).toEqual([s.c, s.a, s.e, s.b, s.d]);
      expect(await ids({ q: marker, sort: "turns", dir: "asc" })).toEqual([s.d, s.b, s.e, s.a, s.c]);
      expect(await ids({ q: marker, sort: "score", dir: "desc" })).toEqual([s.b, s.a, s.e, s.c, s.d]);
      expect(await ids({ q: marker, sort: "score", dir: "asc" })).toEqual([s.c, s.e, s.a, s.b, s.d]);
      expect(await ids({ q: marker, sort: "quality", dir: "desc" })).toEqual([s.b, s.a, s.e, s.c, s.d]);
      // rated share: c 2/4, a 1/3, then the unrated by id
      expect(await ids({ q: marker, sort: "rated", dir: "desc" })).toEqual([s.c, s.a, s.e, s.d, s.b]);
    });

    it("shows each row's figures", async () => {
      const { rows } = await findSessions(query({ q: marker, sort: "turns" }), SEED_CUTOFFS);
      const c = rows.find((row) => row.id === s.c)!;
      expect(c).toMatchObject({ turnCount: 4, ratedTurnCount: 2, qualityLevel: "Poor", judge: { id: judge } });
      expect(c.averageScore).toBeCloseTo(0.4, 12);
      expect(c.personaMix).toEqual([
        { personaId: "antithesis", count: 2 },
        { personaId: "thesis", count: 1 },
        { personaId: "synthesis", count: 1 },
      ]);
      expect(c.seedPrompt).toBe(`${marker} gamma prompt`);
      const d = rows.find((row) => row.id === s.d)!;
      expect(d).toMatchObject({ averageScore: null, qualityLevel: null, judge: null, startedAt: null });
    });

    it("uses the filtered judge's scores for the figures", async () => {
      const { rows } = await findSessions(query({ q: marker, judge: otherJudge }), SEED_CUTOFFS);
      // 0.9 on one turn of four: the seed counts unscored turns as 0
      expect(rows[0].averageScore).toBeCloseTo(0.225, 12);
      expect(rows[0].judge?.id).toBe(otherJudge);
    });

    it("puts levels where the active cut-offs put them, and filters and sorts by them", async () => {
      const levels = async (cutoffs: typeof SEED_CUTOFFS) =>
        Object.fromEntries((await findSessions(query({ q: marker }), cutoffs)).rows.map((row) => [row.id, row.qualityLevel]));
      expect(await levels(SEED_CUTOFFS)).toEqual({ [s.a]: "Good", [s.b]: "Excellent", [s.c]: "Poor", [s.d]: null, [s.e]: "Fair" });
      const lenient = { fair: 0.3, good: 0.55, excellent: 0.69 };
      expect(await levels(lenient)).toEqual({ [s.a]: "Excellent", [s.b]: "Excellent", [s.c]: "Fair", [s.d]: null, [s.e]: "Good" });
      expect(await ids({ q: marker, quality: ["excellent"] }, lenient)).toEqual([s.b, s.a]);
      expect(await ids({ q: marker, quality: ["fair"] })).toEqual([s.e]);
    });

    it("agrees with the session summary at a cut-off (the seed's float average, not the exact one)", async () => {
      const summary = summarizeTurns(
        [0.6, 0.7].map((score) => ({ personaId: "thesis", affectAmplitude: null, overallScore: score, resonance: null })),
        SEED_CUTOFFS,
      );
      const { rows } = await findSessions(query({ q: marker, quality: ["fair"] }), SEED_CUTOFFS);
      expect(rows.map((row) => row.qualityLevel)).toEqual([summary.quality_rating]);
    });
  });

  describe("findSessions pagination", () => {
    it("pages through sessions with equal sort keys without repeating or skipping one", async () => {
      const marker = uniqueWord();
      const judge = await createJudge("paging-test");
      const created: number[] = [];
      for (let i = 0; i < 23; i++) {
        created.push(
          await createSession({
            seedPrompt: `${marker} same`,
            startedAt: new Date("2024-01-01T00:00:00Z"),
            turns: [{ personaId: "thesis", scores: { [judge]: 0.5 } }, { personaId: "antithesis", scores: { [judge]: 0.5 } }],
          }),
        );
      }
      for (const sort of ["started", "turns", "score", "quality", "rated"] as const) {
        for (const dir of ["asc", "desc"] as const) {
          const seen: number[] = [];
          for (let page = 1; page <= 3; page++) {
            const result = await findSessions(query({ q: marker, sort, dir, page, pageSize: 10 }), SEED_CUTOFFS);
            expect(result.total).toBe(23);
            expect(result.hasNextPage).toBe(page < 3);
            seen.push(...result.rows.map((row) => row.id));
          }
          const byId = [...created].sort((a, b) => (dir === "asc" ? a - b : b - a));
          expect(seen, `${sort} ${dir}`).toEqual(byId);
        }
      }
    });

    it("returns an empty page past the end with the total", async () => {
      const marker = uniqueWord();
      await createSession({ seedPrompt: `${marker} only`, turns: [{ personaId: "thesis" }] });
      const result = await findSessions(query({ q: marker, page: 5 }), SEED_CUTOFFS);
      expect(result).toMatchObject({ rows: [], total: 1, isTotalCapped: false, hasNextPage: false });
      const scored = await findSessions(query({ q: marker, page: 5, sort: "score" }), SEED_CUTOFFS);
      expect(scored).toMatchObject({ rows: [], total: 1, hasNextPage: false });
    });
  });
});

describe.each([
  ["listed first", textSearchPlan.maxListedMatches],
  ["checked per session", 0],
])("findSessions text search, matches %s", (_, maxListedMatches) => {
  const textPlanned = { ...textSearchPlan };
  beforeAll(() => void (textSearchPlan.maxListedMatches = maxListedMatches));
  afterAll(() => void Object.assign(textSearchPlan, textPlanned));
  const korean = uniqueHangul();
  const english = uniqueWord("zx");
  let inPrompt: number;
  let inResponse: number;

  beforeAll(async () => {
    inPrompt = await createSession({
      seedPrompt: `${korean}가 무엇인가? How do ${english}s grow?`,
      turns: [{ personaId: "thesis", response: "Nothing to see here." }],
    });
    inResponse = await createSession({
      seedPrompt: "An unrelated prompt",
      turns: [
        { personaId: "thesis", response: "Plain words." },
        { personaId: "antithesis", response: `하지만 ${korean}에 대한 우려가 있습니다. The ${english} fails.` },
      ],
    });
  });

  it("finds Korean words by their stem in prompts and responses", async () => {
    expect(await ids({ q: korean })).toEqual([inResponse, inPrompt].sort((a, b) => b - a));
    expect(await ids({ q: `${korean}가` })).toEqual([inPrompt]);
  });

  it("finds English words by prefix and needs every word to match", async () => {
    expect((await ids({ q: english.toUpperCase() })).sort()).toEqual([inPrompt, inResponse].sort());
    expect(await ids({ q: `${english} fails` })).toEqual([inResponse]);
    expect(await ids({ q: `${english} grow` })).toEqual([inPrompt]);
    expect(await ids({ q: `${english} ${uniqueWord()}` })).toEqual([]);
  });

  it("searches a session's prompt and responses as one text: the words may be in different turns", async () => {
    expect(await ids({ q: `${english} plain` })).toEqual([inResponse]);
    expect(await ids({ q: `${english} nothing grow` })).toEqual([inPrompt]);
  });

  it("treats punctuation in the search as a separator, never as query syntax", async () => {
    expect(await ids({ q: `${english} & | ! ( ) :*` })).toHaveLength(2);
  });
});

describe("findSessions counts of a search with many matches", () => {
  const marker = uniqueWord();
  const created: number[] = [];
  const planned = { text: { ...textSearchPlan }, count: { ...listCount } };
  beforeAll(async () => {
    textSearchPlan.maxListedMatches = 0; // every search "has many matches": checked per session
    for (let i = 0; i < 3; i++) {
      created.push(await createSession({ seedPrompt: `${marker} counted ${i}`, startedAt: new Date(`2024-03-0${i + 1}T00:00:00Z`), turns: [{ personaId: "thesis" }] }));
    }
  });
  afterAll(() => {
    Object.assign(textSearchPlan, planned.text);
    Object.assign(listCount, planned.count);
  });

  it("counts exactly when the checks do not run out, alone or with other filters", async () => {
    expect(await findSessions(query({ q: marker }), SEED_CUTOFFS)).toMatchObject({ total: 3, isTotalCapped: false });
    expect(await findSessions(query({ q: marker, persona: "thesis" }), SEED_CUTOFFS)).toMatchObject({ total: 3, isTotalCapped: false });
    expect(await findSessions(query({ q: marker, persona: "critic" }), SEED_CUTOFFS)).toMatchObject({ total: 0, isTotalCapped: false });
  });

  it("gives a lower bound, marked capped, when the checks run out; the rows stay the same", async () => {
    const full = await findSessions(query({ q: marker, persona: "thesis", sort: "started", dir: "asc" }), SEED_CUTOFFS);
    listCount.textCheckBudget = 2;
    const bounded = await findSessions(query({ q: marker, persona: "thesis", sort: "started", dir: "asc" }), SEED_CUTOFFS);
    listCount.textCheckBudget = planned.count.textCheckBudget;
    expect(full.rows.map((row) => row.id)).toEqual(created);
    expect(bounded.rows).toEqual(full.rows);
    expect(bounded.isTotalCapped).toBe(true);
    expect(bounded.total).toBeLessThanOrEqual(2);
  });

  it("does not count a search alone known to match more than the cap", async () => {
    const probe = Prisma.sql`true`;
    expect(await findSessionCount(Prisma.sql`FROM eval_sessions s`, [], { probe, atLeast: TOTAL_COUNT_CAP + 1 })).toEqual({ total: TOTAL_COUNT_CAP, isTotalCapped: true });
    expect(await findSessionCount(Prisma.sql`FROM eval_sessions s`, [Prisma.sql`s.id = ${created[0]}::int`], { probe, atLeast: TOTAL_COUNT_CAP + 1 })).toEqual({
      total: 1,
      isTotalCapped: false,
      textCandidates: 1,
    });
  });
});
