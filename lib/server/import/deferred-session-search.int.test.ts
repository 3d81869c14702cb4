import { describe, expect, it } from "vitest";
import type { LogInput } from "@/lib/ingest/log-input";
import { bytesSource } from "@/lib/ingest/read-lines";
import { DEFAULT_LIST_QUERY } from "@/lib/sessions/list-query.schema";
import { getDb } from "../db";
import type { ClaimedJob } from "../jobs/job-types";
import { runSessionSearchJob } from "../jobs/session-search-job";
import { SESSION_SEARCH_JOB_KIND } from "../jobs/session-search-kind";
import { findSessions } from "../sessions/find-sessions";
import { findTextMatches, textSearchPlan } from "../sessions/find-text-matches";
import { createSession, uniqueWord } from "../sessions/session-fixtures";
import { importLog } from "./import-log";
import { ndjson, turn, uniqueId } from "./test-helpers";

// Imports leave the sessions' full-text documents to a "session-search" job (migration
// "deferred_session_search"); the list must find the sessions meanwhile, and the job must
// build exactly the document the synchronous trigger built.

const cli = { source: "cli" } as const;
const CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };

type Stored = { id: number; search_pending: boolean; search_vector: string; full: string; persona_ids: string[]; personas_of_turns: string[] };

/** The session's stored document beside the one built from every turn now (refresh_session_texts' rule). */
async function storedSearch(externalId: string): Promise<Stored> {
  const [row] = await getDb().$queryRaw<Stored[]>`
    SELECT s.id, s.search_pending, s.search_vector::text AS search_vector, s.persona_ids,
      session_search_vector(s.id, s.seed_prompt, (SELECT string_agg(t.response, ' ' ORDER BY t.ordinal) FROM turns t WHERE t.session_id = s.id))::text AS full,
      ARRAY(SELECT DISTINCT t.persona_id FROM turns t WHERE t.session_id = s.id ORDER BY 1) AS personas_of_turns
    FROM eval_sessions s WHERE s.external_id = ${externalId}`;
  return row;
}

async function jobsFor(sessionId: number): Promise<Array<ClaimedJob & { status: string }>> {
  const rows = await getDb().$queryRaw<Array<{ id: number; kind: string; payload: unknown; total: number; completed: number; status: string }>>`
    SELECT id, kind, payload, total, completed, status::text FROM jobs
    WHERE kind = ${SESSION_SEARCH_JOB_KIND} AND payload->'sessionIds' @> to_jsonb(ARRAY[${sessionId}::int]) ORDER BY id`;
  return rows.map((row) => ({ ...row, failed: 0, attempts: 1, endpointId: null }));
}

const context = { workerId: "test", signal: new AbortController().signal, isStopping: () => false };

async function listed(q: string): Promise<number[]> {
  return (await findSessions({ ...DEFAULT_LIST_QUERY, q, pageSize: 50 }, CUTOFFS)).rows.map((row) => row.id);
}

describe("an import's search documents", () => {
  it("are found by the list right after the import commits, before the job runs, and the job builds exactly the full document", async () => {
    const word = uniqueWord();
    const other = uniqueWord();
    const externalId = uniqueId("deferred");
    const result = await importLog({
      input: ndjson([
        { type: "session", session_id: externalId, seed_prompt: `About ${other} only` },
        turn(null, "thesis", `The first answer says ${word}.`),
        turn(null, "antithesis", "A second answer with other words."),
      ]),
      actor: cli,
      fileName: "deferred.jsonl",
    });
    expect(result.turnCount).toBe(2);

    const before = await storedSearch(externalId);
    expect(before.search_pending).toBe(true);
    expect(before.search_vector).not.toContain(word); // only the seed prompt is indexed yet
    expect(before.persona_ids).toEqual(["antithesis", "thesis"]);
    expect(before.persona_ids).toEqual(before.personas_of_turns);
    const jobs = await jobsFor(before.id);
    expect(jobs.map((job) => [job.status, job.total, job.payload])).toEqual([["pending", 1, { sessionIds: [before.id] }]]);

    // Found meanwhile: by a whole word, by the start of one, and with a word of the seed prompt.
    expect(await findTextMatches(word)).toEqual({ kind: "listed", sessionIds: [before.id] });
    expect(await listed(word)).toEqual([before.id]);
    expect(await listed(word.slice(0, 8))).toEqual([before.id]);
    expect(await listed(`${other} ${word}`)).toEqual([before.id]);
    // Not found by what the document will not hold: the middle of a word, a word it lacks.
    expect(await listed(word.slice(3))).toEqual([]);
    expect(await listed(`${word} ${uniqueWord()}`)).toEqual([]);

    // A search with more matches than the list takes (here: more than none) is checked per
    // session instead; the pending session is found that way too, beside an indexed one.
    const indexed = await createSession({ seedPrompt: `Indexed ${word}`, turns: [{ personaId: "thesis" }] });
    const planned = textSearchPlan.maxListedMatches;
    textSearchPlan.maxListedMatches = 0;
    try {
      expect(await findTextMatches(word)).toMatchObject({ kind: "many" });
      expect((await listed(word)).sort((a, b) => a - b)).toEqual([before.id, indexed].sort((a, b) => a - b));
      expect(await listed(word.slice(3))).toEqual([]);
    } finally {
      textSearchPlan.maxListedMatches = planned;
    }
    await getDb().evalSession.delete({ where: { id: indexed } });

    expect(await runSessionSearchJob(jobs[0], context)).toBe("done");
    const after = await storedSearch(externalId);
    expect(after.search_pending).toBe(false);
    expect(after.search_vector).toBe(after.full);
    expect(after.search_vector).toContain(word);
    expect(await listed(word)).toEqual([before.id]);
    expect(await listed(word.slice(3))).toEqual([]);

    // Run again (a retried job): nothing changes.
    expect(await runSessionSearchJob(jobs[0], context)).toBe("done");
    expect(await storedSearch(externalId)).toEqual(after);
  });

  it("are rebuilt after a replacement, and a later direct write builds the document at once", async () => {
    const externalId = uniqueId("deferred-replace");
    const first = uniqueWord();
    const second = uniqueWord();
    const log = (word: string) => ndjson([{ type: "session", session_id: externalId, seed_prompt: "Replace me" }, turn(null, "synthesis", `Answer ${word}.`)]);
    await importLog({ input: log(first), actor: cli, fileName: "a.jsonl" });
    const id = (await storedSearch(externalId)).id;
    await importLog({ input: log(second), actor: cli, fileName: "b.jsonl", replace: true });

    expect(await listed(first)).toEqual([]);
    expect(await listed(second)).toEqual([id]);
    const jobs = await jobsFor(id);
    expect(jobs).toHaveLength(2);
    for (const job of jobs) await runSessionSearchJob(job, context);
    const built = await storedSearch(externalId);
    expect([built.search_pending, built.search_vector]).toEqual([false, built.full]);
    expect(built.search_vector).not.toContain(first);

    // A writer outside an import (no deferral) keeps the synchronous build, mark cleared.
    const third = uniqueWord();
    await getDb().$executeRaw`UPDATE turns SET response = ${`Answer ${third}.`} WHERE session_id = ${id}`;
    const rewritten = await storedSearch(externalId);
    expect([rewritten.search_pending, rewritten.search_vector]).toEqual([false, rewritten.full]);
    expect(rewritten.search_vector).toContain(third);
  });

  it("leave no job and nothing pending when the import fails after its turns were written", async () => {
    const externalId = uniqueId("deferred-fail");
    const lines = [JSON.stringify({ type: "session", session_id: externalId, seed_prompt: "Fails" }), ...[0, 1, 2].map((i) => JSON.stringify(turn(null, "thesis", `Answer ${i}.`)))];
    let pass = 0;
    // The second pass (the write) reads one turn fewer: the turns and the job are written,
    // then the count check fails and the transaction rolls back.
    const input: LogInput = { kind: "ndjson", source: () => bytesSource(new TextEncoder().encode((++pass === 1 ? lines : lines.slice(0, 3)).join("\n") + "\n"))() };
    const [{ maxJob }] = await getDb().$queryRaw<Array<{ maxJob: number }>>`SELECT COALESCE(max(id), 0)::int AS "maxJob" FROM jobs`;

    await expect(importLog({ input, actor: cli, fileName: "fails.jsonl" })).rejects.toThrow("the input changed while it was being imported");
    expect(pass).toBe(2);
    const [{ n }] = await getDb().$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM eval_sessions WHERE external_id = ${externalId}`;
    expect(n).toBe(0);
    // Jobs other tests committed meanwhile name sessions that exist; a leaked one would not.
    const [{ orphans }] = await getDb().$queryRaw<Array<{ orphans: number }>>`
      SELECT count(*)::int AS orphans FROM jobs j
      WHERE j.id > ${maxJob} AND j.kind = ${SESSION_SEARCH_JOB_KIND}
        AND NOT EXISTS (SELECT 1 FROM eval_sessions s WHERE s.id IN (SELECT jsonb_array_elements_text(j.payload->'sessionIds')::int))`;
    expect(orphans).toBe(0);
  });
});
