import { describe, expect, it } from "vitest";
import { DEFAULT_LIST_QUERY, type ListQuery } from "@/lib/sessions/list-query.schema";
import { getDb } from "../db";
import { importLog } from "../import/import-log";
import { buildSessionSearch } from "../jobs/session-search-job";
import { ndjson, turn } from "../import/test-helpers";
import { createRaters, createScoredTurns, testConfig, uniquePersona } from "../queue/queue-test-data";
import { rescoreQueue } from "../queue/rescore-queue";
import { takeNextItem } from "../queue/take-next-item";
import { findSessions } from "./find-sessions";
import { ensureDisplayJudge, findDisplayJudgeId } from "./session-display";
import { createJudge, createSession, uniqueWord } from "./session-fixtures";

// Tests that change the display judge (session_display: one row for the whole database, the
// active thresholds' scoring judge) live in this one file, so that they run one after another
// and never change it under each other. Each puts back the judge it found.

const CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };
const cli = { source: "cli" } as const;

async function turnIds(sessionId: number): Promise<number[]> {
  const turns = await getDb().turn.findMany({ where: { sessionId }, select: { id: true }, orderBy: { ordinal: "asc" } });
  return turns.map((turn) => turn.id);
}

describe("the sessions list under the display judge", () => {
  it("sorts and filters the list by the preferred judge's average, and each other session's first judge", async () => {
    const marker = uniqueWord();
    const [seedWeights, newWeights, imported] = [await createJudge("pref-seed", "heuristic"), await createJudge("pref-new", "heuristic"), await createJudge("pref-imported", "imported")];
    const session = (scores: Record<number, number> | undefined) =>
      createSession({ seedPrompt: `${marker} list`, turns: [{ personaId: "thesis", scores }, { personaId: "antithesis", scores }] });
    const both = await session({ [seedWeights]: 0.6, [newWeights]: 0.85 });
    const importedOnly = await session({ [imported]: 0.7 });
    const unscored = await session(undefined);
    const newOnly = await session({ [newWeights]: 0.3 });
    const list = async (changes: Partial<ListQuery>, preferredJudgeId?: number) =>
      (await findSessions({ ...DEFAULT_LIST_QUERY, q: marker, ...changes }, CUTOFFS, preferredJudgeId)).rows.map((row) => [row.id, row.averageScore]);

    expect(await list({ sort: "score", dir: "desc" }, newWeights)).toEqual([[both, 0.85], [importedOnly, 0.7], [newOnly, 0.3], [unscored, null]]);
    expect(await list({ sort: "score", dir: "asc" }, newWeights)).toEqual([[newOnly, 0.3], [importedOnly, 0.7], [both, 0.85], [unscored, null]]);
    expect(await list({ sort: "quality", dir: "desc" })).toEqual([[importedOnly, 0.7], [both, 0.6], [newOnly, 0.3], [unscored, null]]);
    expect(await list({ quality: ["excellent"] }, newWeights)).toEqual([[both, 0.85]]);
    expect(await list({ quality: ["excellent"] })).toEqual([]);
    expect(await list({ minScore: 0.65, sort: "score", dir: "asc" }, newWeights)).toEqual([[importedOnly, 0.7], [both, 0.85]]);
    expect(await list({ judge: seedWeights, sort: "score" }, newWeights)).toEqual([[both, 0.6]]);
    // The unscored tail continues across pages.
    const paged = await findSessions({ ...DEFAULT_LIST_QUERY, q: marker, sort: "score", dir: "desc", pageSize: 10, page: 1 }, CUTOFFS, newWeights);
    expect([paged.total, paged.hasNextPage]).toEqual([4, false]);

    // With newWeights as the stored display judge the list reads the rows marked is_shown
    // instead of working the choice out: the same answers.
    const queries: Array<Partial<ListQuery>> = [
      { sort: "score", dir: "desc" }, { sort: "score", dir: "asc" }, { sort: "quality" }, { quality: ["excellent"] },
      { quality: ["poor", "good"], sort: "turns" }, { minScore: 0.65, sort: "score", dir: "asc" }, { maxScore: 0.75, sort: "rated" },
    ];
    const worked = await Promise.all(queries.map((changes) => list(changes, newWeights)));
    const previous = await findDisplayJudgeId();
    try {
      expect(await ensureDisplayJudge(newWeights)).toBe(true);
      expect(await findDisplayJudgeId()).toBe(newWeights);
      expect(await Promise.all(queries.map((changes) => list(changes, newWeights)))).toEqual(worked);
    } finally {
      await ensureDisplayJudge(previous);
    }
  });
});

describe("session_scores.is_shown", () => {
  async function shown(sessionId: number): Promise<number[]> {
    const rows = await getDb().sessionScore.findMany({ where: { sessionId, isShown: true }, select: { judgeId: true } });
    return rows.map((row) => row.judgeId);
  }

  it("marks the display judge's row where it scored the session, else the first judge's, and follows changes", async () => {
    const [first, display] = [await createJudge("shown-first"), await createJudge("shown-display")];
    const both = await createSession({ seedPrompt: uniqueWord(), turns: [{ personaId: "thesis", scores: { [first]: 0.4, [display]: 0.6 } }] });
    const firstOnly = await createSession({ seedPrompt: uniqueWord(), turns: [{ personaId: "thesis", scores: { [first]: 0.4 } }] });
    const previous = await findDisplayJudgeId();
    try {
      await ensureDisplayJudge(null);
      expect([await shown(both), await shown(firstOnly)]).toEqual([[first], [first]]);

      expect(await ensureDisplayJudge(display)).toBe(true);
      expect([await shown(both), await shown(firstOnly)]).toEqual([[display], [first]]);

      // The display judge scores another session: its row becomes the shown one.
      const [turn] = await turnIds(firstOnly);
      await getDb().judgeScore.create({ data: { turnId: turn, judgeId: display, overallScore: 0.9 } });
      expect(await shown(firstOnly)).toEqual([display]);

      // The display judge deleted: its rows go, the first judge's are shown, the display judge is unset.
      await getDb().judge.delete({ where: { id: display } });
      expect([await shown(both), await shown(firstOnly), await findDisplayJudgeId()]).toEqual([[first], [first], null]);
    } finally {
      await ensureDisplayJudge(previous === display ? null : previous);
    }
  });
});

describe("under concurrent writers", () => {
  // Every aggregate of the given sessions recomputed from the rows, compared with the stored
  // ones: the rows that differ (none expected).
  async function differences(prefix: string) {
    return getDb().$queryRaw<Array<{ what: string; session_id: number }>>`
      WITH sessions AS (SELECT id, seed_prompt, turn_count FROM eval_sessions WHERE external_id LIKE ${`${prefix}%`}),
      expected_scores AS (
        SELECT t.session_id, js.judge_id, sum(js.overall_score ORDER BY t.ordinal) AS total, count(*)::int AS n,
          sum(js.overall_score ORDER BY t.ordinal) / NULLIF(s.turn_count, 0) AS average
        FROM sessions s JOIN turns t ON t.session_id = s.id JOIN judge_scores js ON js.turn_id = t.id
        GROUP BY t.session_id, js.judge_id, s.turn_count
      ),
      expected_shown AS (
        SELECT DISTINCT ON (session_id) session_id, judge_id FROM expected_scores
        ORDER BY session_id, judge_id = (SELECT judge_id FROM session_display) DESC NULLS LAST, judge_id
      ),
      expected AS (
        SELECT e.session_id, e.judge_id, e.total, e.n, e.average, (sh.judge_id IS NOT NULL) AS shown
        FROM expected_scores e LEFT JOIN expected_shown sh ON sh.session_id = e.session_id AND sh.judge_id = e.judge_id
      ),
      stored AS (
        SELECT ss.session_id, ss.judge_id, ss.total, ss.scored_turn_count AS n, ss.average_score AS average, ss.is_shown AS shown
        FROM session_scores ss JOIN sessions s ON s.id = ss.session_id
      ),
      expected_sessions AS (
        SELECT s.id,
          (SELECT count(DISTINCT r.turn_id)::int FROM turns t JOIN ratings r ON r.turn_id = t.id WHERE t.session_id = s.id) AS rated,
          ARRAY(SELECT DISTINCT persona_id FROM turns t WHERE t.session_id = s.id ORDER BY 1) AS personas,
          strip(to_tsvector('simple'::regconfig, COALESCE(s.seed_prompt, '') || ' ' ||
            COALESCE((SELECT string_agg(t.response, ' ' ORDER BY t.ordinal) FROM turns t WHERE t.session_id = s.id), ''))) AS document
        FROM sessions s
      )
      SELECT 'scores' AS what, session_id FROM ((SELECT * FROM expected EXCEPT SELECT * FROM stored) UNION (SELECT * FROM stored EXCEPT SELECT * FROM expected)) d
      UNION ALL
      SELECT 'session', e.id FROM expected_sessions e JOIN eval_sessions s ON s.id = e.id
      WHERE s.rated_turn_count <> e.rated OR s.persona_ids <> e.personas OR s.search_vector::text <> e.document::text`;
  }

  it("ends equal to a recomputation from scratch: imports, replacements, ratings, another judge and display changes at once", async () => {
    const prefix = uniqueWord("conc");
    const personas = ["thesis", "antithesis", "synthesis"];
    const log = (id: string, turns: number, variant: string) =>
      ndjson([
        { type: "session", session_id: id, seed_prompt: `${variant} prompt ${prefix}` },
        ...Array.from({ length: turns }, (_, k) => turn(id, personas[k % 3], `Response ${variant} ${k}: trust, risk and growth ${k % 4 === 0 ? "however" : "because"}.`)),
      ]);
    const ids = Array.from({ length: 8 }, (_, i) => `${prefix}-${i}`);
    await Promise.all(ids.map((id, i) => importLog({ input: log(id, 6 + i, "first"), actor: cli, fileName: null })));
    const sessionIds = new Map((await getDb().evalSession.findMany({ where: { externalId: { in: ids } }, select: { id: true, externalId: true } })).map((s) => [s.externalId, s.id]));
    const other = await createJudge("conc-other");
    const previous = await findDisplayJudgeId();

    const db = getDb();
    const rate = async (externalId: string) => {
      for (const turnId of await turnIds(sessionIds.get(externalId)!)) {
        await db.rating.create({ data: { turnId, annotator: `rater-${turnId % 3}`, level: 1 + (turnId % 4), source: "imported" } }).catch(() => undefined);
      }
    };
    const scoreByOther = async (externalId: string) => {
      for (const turnId of await turnIds(sessionIds.get(externalId)!)) {
        await db.judgeScore.create({ data: { turnId, judgeId: other, overallScore: (turnId % 10) / 10 } }).catch(() => undefined);
      }
    };
    try {
      await Promise.all([
        ...ids.slice(0, 4).map((id, i) => importLog({ input: log(id, 5 + 2 * i, "second"), actor: cli, fileName: null, replace: true })),
        ...ids.slice(2, 6).map(rate),
        ...ids.slice(3, 8).map(scoreByOther),
        ensureDisplayJudge(other),
        db.rating.deleteMany({ where: { turn: { sessionId: sessionIds.get(ids[5]) }, annotator: "rater-0" } }),
        // The imports' search job, racing the replacements (migration "deferred_session_search").
        buildSessionSearch([...sessionIds.values()]),
      ]);
      await ensureDisplayJudge(other);
      // The search documents the replacements left to their job: built, then compared too.
      await buildSessionSearch([...sessionIds.values()]);
      expect(await db.evalSession.count({ where: { externalId: { in: ids }, searchPending: true } })).toBe(0);
      expect(await differences(prefix)).toEqual([]);
      // Sessions 4–7 were scored by the other judge and never replaced: it is their shown judge.
      expect(await db.sessionScore.count({ where: { judgeId: other, isShown: true, session: { externalId: { in: ids.slice(4) } } } })).toBe(4);

      await ensureDisplayJudge(previous);
      expect(await differences(prefix)).toEqual([]);
    } finally {
      await ensureDisplayJudge(previous);
    }
  });
});

describe("the queue's scores", () => {
  it("follow the display judge where it scored a turn, else v1's, and follow a change of display judge", async () => {
    const persona = uniquePersona("scoring");
    // v1 scores: c (0.95) is closest to a cut-off (0.15 from 0.8) of the test's 0.5 / 0.65 / 0.8.
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.2 }, { score: 0.3 }, { score: 0.95 }]);
    const [a, b, c] = turnIds;
    const db = getDb();
    const newWeights = await db.judge.create({ data: { name: `heuristic-${persona}`, version: "v1-wtest", kind: "heuristic" }, select: { id: true } });
    // Under the new weights a (0.66) is 0.01 from the Good cut-off.
    await db.judgeScore.createMany({ data: [{ turnId: a, judgeId: newWeights.id, overallScore: 0.66 }, { turnId: b, judgeId: newWeights.id, overallScore: 0.1 }] });
    const scores = async () =>
      (await db.queueItem.findMany({ where: { turnId: { in: turnIds } }, orderBy: { turnId: "asc" }, select: { judgeScore: true } })).map((row) => row.judgeScore);
    const [rater] = await createRaters(1);
    const next = async () => {
      const lease = await takeNextItem(rater, testConfig({ personaId: persona }));
      await db.ratingLease.deleteMany({ where: { raterId: rater } });
      return lease?.turnId;
    };

    const previous = await findDisplayJudgeId();
    expect(await scores()).toEqual([0.2, 0.3, 0.95]);
    expect(await next()).toBe(c);
    try {
      expect(await ensureDisplayJudge(newWeights.id)).toBe(true);
      expect(await scores()).toEqual([0.66, 0.1, 0.95]);
      expect(await next()).toBe(a);

      // A score the display judge writes later (a recompute in progress) reaches the queue at once.
      await db.judgeScore.create({ data: { turnId: c, judgeId: newWeights.id, overallScore: 0.5 } });
      expect(await scores()).toEqual([0.66, 0.1, 0.5]);
      expect(await next()).toBe(c);
    } finally {
      await ensureDisplayJudge(previous);
    }
    expect(await scores()).toEqual([0.2, 0.3, 0.95]);
  });
});

describe("the queue's rescore after a change of display judge", () => {
  it("runs in batches from a stored watermark, and can be left to a later call", async () => {
    const persona = uniquePersona("rescore");
    const { turnIds: queued } = await createScoredTurns(persona, Array.from({ length: 7 }, (_, i) => ({ score: 0.1 + i / 10 })));
    const db = getDb();
    const judge = await db.judge.create({ data: { name: `heuristic-${persona}`, version: "v1-wbatch", kind: "heuristic" }, select: { id: true } });
    await db.judgeScore.createMany({ data: queued.map((turnId) => ({ turnId, judgeId: judge.id, overallScore: 0.9 })) });
    const scores = async () =>
      (await db.queueItem.findMany({ where: { turnId: { in: queued } }, orderBy: { turnId: "asc" }, select: { judgeScore: true } })).map((row) => row.judgeScore);
    const watermark = async () => (await db.sessionDisplay.findUniqueOrThrow({ where: { id: true } })).queueRescoreAfter;
    const before = await scores();

    const previous = await findDisplayJudgeId();
    try {
      expect(await ensureDisplayJudge(judge.id, { queue: "later" })).toBe(true);
      expect([await scores(), await watermark()]).toEqual([before, 0]);

      // Batches of 3 queue rows (of every test's queue rows): the watermark moves, then clears.
      const read = await rescoreQueue(3);
      expect(read).toBeGreaterThanOrEqual(queued.length);
      expect([await scores(), await watermark()]).toEqual([queued.map(() => 0.9), null]);
    } finally {
      await ensureDisplayJudge(previous);
    }
    expect([await scores(), await watermark()]).toEqual([before, null]);
  });

  it("rescores range by range from the watermark; a range planned under another display judge, or after the rescore ended, does nothing", async () => {
    const persona = uniquePersona("ranges");
    const { turnIds: queued } = await createScoredTurns(persona, Array.from({ length: 5 }, (_, i) => ({ score: 0.1 + i / 10 })));
    const db = getDb();
    const judge = await db.judge.create({ data: { name: `heuristic-${persona}`, version: "v1-ranges", kind: "heuristic" }, select: { id: true } });
    await db.judgeScore.createMany({ data: queued.map((turnId) => ({ turnId, judgeId: judge.id, overallScore: 0.8 })) });
    const scores = async () =>
      (await db.queueItem.findMany({ where: { turnId: { in: queued } }, orderBy: { turnId: "asc" }, select: { judgeScore: true } })).map((row) => row.judgeScore);
    const range = async (judgeId: number) =>
      (await db.$queryRaw<Array<{ done: boolean }>>`SELECT rescore_queue_range(${judgeId}::int, ${queued[0] - 1}::int, ${queued[4]}::int) AS done`)[0].done;
    const before = await scores();

    const previous = await findDisplayJudgeId();
    try {
      expect(await ensureDisplayJudge(judge.id, { queue: "later" })).toBe(true);
      expect(await range(judge.id + 1000)).toBe(false);
      expect(await scores()).toEqual(before);

      await rescoreQueue(2);
      expect(await scores()).toEqual(queued.map(() => 0.8));
      expect((await db.sessionDisplay.findUniqueOrThrow({ where: { id: true } })).queueRescoreAfter).toBeNull();
      await db.queueItem.updateMany({ where: { turnId: queued[0] }, data: { judgeScore: 0.5 } });
      expect(await range(judge.id)).toBe(false);
      expect((await scores())[0]).toBe(0.5);
    } finally {
      await ensureDisplayJudge(previous);
    }
    expect(await scores()).toEqual(before);
  });

  it("gives every row queue_score()'s answer: the display judge's score, else v1's, else unchanged", async () => {
    const persona = uniquePersona("rescore-cases");
    const { turnIds } = await createScoredTurns(persona, [{ score: 0.11 }, { score: 0.22 }, { score: 0.33 }, { score: 0.44 }, { score: 0.55 }]);
    const [displayScored, v1Only, v1GoneDisplayScored, v1GoneUnscored, unchanged] = turnIds;
    const db = getDb();
    const judge = await db.judge.create({ data: { name: `heuristic-${persona}`, version: "v1-wcases", kind: "heuristic" }, select: { id: true } });
    await db.judgeScore.createMany({
      data: [
        { turnId: displayScored, judgeId: judge.id, overallScore: 0.91 },
        { turnId: v1GoneDisplayScored, judgeId: judge.id, overallScore: 0.93 },
        { turnId: unchanged, judgeId: judge.id, overallScore: 0.55 },
      ],
    });
    // A v1 score removed leaves its queue row (no trigger removes it): the rescore must not
    // blank it, and takes the display judge's score where there is one.
    const seed = await db.judge.findFirstOrThrow({ where: { name: "heuristic", version: "v1" }, select: { id: true } });
    await db.judgeScore.deleteMany({ where: { judgeId: seed.id, turnId: { in: [v1GoneDisplayScored, v1GoneUnscored] } } });
    const scores = async () =>
      (await db.queueItem.findMany({ where: { turnId: { in: turnIds } }, orderBy: { turnId: "asc" }, select: { judgeScore: true } })).map((row) => row.judgeScore);
    const byFunction = async (displayJudge: number | null) =>
      (
        await db.$queryRaw<Array<{ score: number | null }>>`
          SELECT queue_score(t.id, ${seed.id}::int, ${displayJudge}::int) AS score FROM unnest(${turnIds}::int[]) WITH ORDINALITY AS t(id, k) ORDER BY k`
      ).map((row) => row.score);

    const previous = await findDisplayJudgeId();
    try {
      expect(await ensureDisplayJudge(judge.id, { queue: "later" })).toBe(true);
      await rescoreQueue(2);
      expect(await scores()).toEqual([0.91, 0.22, 0.93, 0.44, 0.55]);
      expect(await byFunction(judge.id)).toEqual([0.91, 0.22, 0.93, null, 0.55]);

      expect(await ensureDisplayJudge(seed.id, { queue: "later" })).toBe(true);
      await rescoreQueue(2);
      // Back under v1: the row whose v1 score is gone keeps the display judge's last score.
      expect(await scores()).toEqual([0.11, 0.22, 0.93, 0.44, 0.55]);
      expect(await byFunction(seed.id)).toEqual([0.11, 0.22, null, null, 0.55]);

      // v1 scores written while another judge is the display judge (an import after a weights
      // save): the queue row takes the display judge's score where it has one, else v1's.
      expect(await ensureDisplayJudge(judge.id)).toBe(true);
      expect(await scores()).toEqual([0.91, 0.22, 0.93, 0.44, 0.55]);
      await db.judgeScore.createMany({
        data: [
          { turnId: v1GoneDisplayScored, judgeId: seed.id, overallScore: 0.35 },
          { turnId: v1GoneUnscored, judgeId: seed.id, overallScore: 0.45 },
        ],
      });
      expect(await scores()).toEqual([0.91, 0.22, 0.93, 0.45, 0.55]);
      expect(await byFunction(judge.id)).toEqual([0.91, 0.22, 0.93, 0.45, 0.55]);
    } finally {
      await ensureDisplayJudge(previous);
    }
  });
});
