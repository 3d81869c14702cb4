import { NextRequest } from "next/server";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/v1/score/route";
import { pyRound, scoreTurn } from "@/lib/judge";
import type { ScoreTurnInput } from "@/lib/score/score-request.schema";
import { levelName, levelOfScore } from "@/lib/thresholds/levels";
import { SEED_THRESHOLDS, type Thresholds } from "@/lib/thresholds/thresholds.schema";
import { judgeConfigFor } from "@/lib/thresholds/weights";
import { createTestUser } from "@/scripts/test/factories";
import { createApiKey, revokeApiKey } from "../auth/api-keys";
import { isListening, stopChangeListener } from "../changes/change-listener";
import { databaseUrl } from "../db";
import { findThresholdVersion } from "../thresholds/find-threshold-version";
import { saveThresholdVersion } from "../thresholds/save-threshold-version";
import { useScratchDatabase } from "../thresholds/thresholds-test-data";
import { updateRetryPolicy } from "./update-retry-policy";

// A database of its own: the test changes the active thresholds version and the retry policy.
const TUNED: Thresholds = {
  cutoffs: { fair: 0.3, good: 0.45, excellent: 0.7 },
  weights: {
    ...SEED_THRESHOLDS.weights,
    thesis: { length: 0.5, sentiment: 0.3, completeness: 0.2 },
    antithesis: { length: 0.1, sentiment: 0.1, completeness: 0.3, critical_intensity: 0.5 },
  },
};

const THESIS: ScoreTurnInput = {
  response:
    "We should explore how growth and trust expand the potential of small teams, because a clear plan with support builds resilience. For example, weekly reviews improve progress and balance.",
  seed_prompt: "How can small teams grow sustainably while keeping trust?",
  persona_id: "thesis",
  persona_role: "Seed explorer",
};
const ANTITHESIS: ScoreTurnInput = {
  response: "However, the plan may overlook a real risk: teams fail when trust is assumed. But the concern is limitation of time.",
  seed_prompt: THESIS.seed_prompt,
  persona_id: "antithesis",
  persona_role: "Critical reflector",
};

let drop: () => Promise<void>;
let url: string;
let adminId: number;
const keys: Record<"score" | "read", string> = { score: "", read: "" };
let tunedVersion: { id: number; version: number };

beforeAll(async () => {
  drop = await useScratchDatabase();
  url = databaseUrl();
  adminId = (await createTestUser("admin")).id;
  keys.score = (await createApiKey({ name: "orchestrator", scope: "score" })).key;
  keys.read = (await createApiKey({ name: "reader", scope: "read" })).key;
  const seed = await findThresholdVersion("active");
  const saved = await saveThresholdVersion({ thresholds: TUNED, note: "tuned for the score endpoint test", basedOnId: seed.id, authorId: adminId });
  tunedVersion = { id: saved.id, version: saved.version };
});

afterAll(async () => {
  await stopChangeListener(url);
  await drop();
});

function post(body: unknown, key: string | null = keys.score): Promise<Response> {
  const headers = new Headers({ host: "localhost:3000", "content-type": "application/json" });
  if (key) headers.set("authorization", `Bearer ${key}`);
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return POST(new NextRequest("http://localhost:3000/api/v1/score", { method: "POST", headers, body: text }), { params: Promise.resolve({}) });
}

/** Runs SQL on a connection of its own, as another server or psql would. */
async function elsewhere(sql: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

describe("POST /api/v1/score", () => {
  it("answers one turn with lib/judge's metrics under the active (non-default) weights, its level, retry and the version used", async () => {
    const config = judgeConfigFor(TUNED.weights);
    const expected = scoreTurn(THESIS, config);

    const response = await post(THESIS);

    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      ...expected,
      level: levelName(levelOfScore(expected.overall_score, TUNED.cutoffs)),
      retry: expected.overall_score < 0.5,
      retry_cutoff: 0.5,
      thresholds: { id: tunedVersion.id, version: tunedVersion.version, label: `version ${tunedVersion.version}`, judge_version: expect.stringMatching(/^v1-w[0-9a-f]{8}$/) },
    });
    // The overall score is the tuned weighted sum of the returned components, not the seed's.
    const w = TUNED.weights.thesis;
    const weighted = w.length * body.length.length_score + w.sentiment * Math.abs(body.sentiment.sentiment_score) + w.completeness * body.completeness.completeness_score;
    expect(body.overall_score).toBe(pyRound(weighted, 2));
    expect(body.overall_score).not.toBe(scoreTurn(THESIS).overall_score);
  });

  it("answers a batch in input order, each turn under its persona's weights", async () => {
    const config = judgeConfigFor(TUNED.weights);
    const turns = [THESIS, ANTITHESIS, { ...THESIS, persona_id: "someone-new" }];

    const response = await post(turns);

    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.thresholds.version).toBe(tunedVersion.version);
    expect(body.results).toHaveLength(3);
    body.results.forEach((result: { overall_score: number; critical_intensity: unknown }, index: number) => {
      expect(result).toMatchObject(scoreTurn(turns[index], config));
    });
    expect(body.results[1].critical_intensity).not.toBeNull();
    expect(body.results[2].overall_score).toBe(scoreTurn(turns[2], config).overall_score);
  });

  it("sets retry by the configured cut-off, and by a persona's own cut-off where one is set", async () => {
    const config = judgeConfigFor(TUNED.weights);
    const thesisScore = scoreTurn(THESIS, config).overall_score;
    const antithesisScore = scoreTurn(ANTITHESIS, config).overall_score;
    // Just above the thesis turn: it retries. The antithesis turn gets a bar above its own score too.
    await updateRetryPolicy({ cutoff: thesisScore + 0.01, personas: { antithesis: antithesisScore + 0.01, synthesis: 0 } });

    const body = await (await post([THESIS, ANTITHESIS, { ...THESIS, persona_id: "synthesis" }])).json();

    expect(body.results.map((result: { retry: boolean; retry_cutoff: number }) => [result.retry, result.retry_cutoff])).toEqual([
      [true, thesisScore + 0.01],
      [true, antithesisScore + 0.01],
      [false, 0],
    ]);

    await updateRetryPolicy({ cutoff: thesisScore, personas: {} });
    const atTheCutoff = await (await post(THESIS)).json();
    expect([atTheCutoff.retry, atTheCutoff.retry_cutoff]).toEqual([false, thesisScore]);
  });

  it("refuses a missing or unknown key (401) and a key of another scope (403)", async () => {
    const missing = await post(THESIS, null);
    const unknown = await post(THESIS, `concord_${"x".repeat(43)}`);
    const wrongScope = await post(THESIS, keys.read);

    expect(missing.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongScope.status).toBe(403);
    expect((await wrongScope.json()).error).toBe("this API key has scope read; this route needs scope score");
  });

  it("names the bad field (400), refuses more than 1,000 turns (413) and bad JSON (400)", async () => {
    const badTurn = { ...THESIS, response: 42 };

    const bad = await post([THESIS, THESIS, THESIS, badTurn]);
    const missing = await post({ response: "x", seed_prompt: "y", persona_id: "thesis" });
    const tooMany = await post(Array.from({ length: 1001 }, () => THESIS));
    const empty = await post([]);
    const notJson = await post("{response:");

    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "[3].response: expected a string, found number",
      problems: [{ path: "[3].response", message: "expected a string, found number" }],
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe("persona_role: missing: expected a string");
    expect(tooMany.status).toBe(413);
    expect((await tooMany.json()).error).toBe("at most 1,000 turns per request; this one has 1,001: send them in batches");
    expect(empty.status).toBe(400);
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatch(/^the body is not valid JSON/);
  });

  it("takes 1,000 turns in one request", async () => {
    const response = await post(Array.from({ length: 1000 }, (_, index) => (index % 2 === 0 ? THESIS : ANTITHESIS)));

    expect(response.status).toBe(200);
    expect((await response.json()).results).toHaveLength(1000);
  });

  it("scores under a thresholds version saved elsewhere as soon as its notification arrives, long before the cache's TTL", async () => {
    expect((await (await post(THESIS)).json()).thresholds.version).toBe(tunedVersion.version);
    await vi.waitFor(() => expect(isListening(url)).toBe(true));
    const active = await findThresholdVersion("active");
    const cutoffsOnly: Thresholds = { ...TUNED, cutoffs: { fair: 0.1, good: 0.2, excellent: 0.25 } };

    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(`${message.channel}:${message.payload}`));
    await listener.query("LISTEN concord_changes");

    const saved = await saveThresholdVersion({ thresholds: cutoffsOnly, note: "lenient", basedOnId: active.id, authorId: adminId });

    // The trigger announces the save to every server (this client stands for another one).
    await vi.waitFor(() => expect(heard).toContain("concord_changes:threshold_versions"));
    await listener.end();
    const started = Date.now();
    await vi.waitFor(async () => expect((await (await post(THESIS)).json()).thresholds.version).toBe(saved.version), { timeout: 2000, interval: 20 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await (await post(THESIS)).json()).level).toBe("Excellent");
  });

  it("follows a retry policy written by another connection (the trigger announces it)", async () => {
    await post(THESIS);
    await elsewhere(`INSERT INTO settings (key, value, updated_at) VALUES ('score.retry', $1::jsonb, now()) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
      JSON.stringify({ cutoff: 1, personas: {} }),
    ]);

    await vi.waitFor(async () => expect((await (await post(THESIS)).json()).retry_cutoff).toBe(1), { timeout: 2000, interval: 20 });
  });

  it("stops taking a revoked key at once on this server, and within moments when revoked elsewhere", async () => {
    const here = await createApiKey({ name: "revoked here", scope: "score" });
    const there = await createApiKey({ name: "revoked there", scope: "score" });
    expect((await post(THESIS, here.key)).status).toBe(200);
    expect((await post(THESIS, there.key)).status).toBe(200);

    await revokeApiKey(here.id);
    await elsewhere(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [there.id]);

    expect((await post(THESIS, here.key)).status).toBe(401);
    await vi.waitFor(async () => expect((await post(THESIS, there.key)).status).toBe(401), { timeout: 2000, interval: 20 });
  });
});
