import pg from "pg";
import { expect, test, testDatabaseUrl } from "./fixtures";
import { uniqueMarker } from "./support/sessions-data";

// Issue 19: a 50,000-turn session's page (item 4), and nothing of a session for a client
// that may not open it (item 8).

const TURNS = 50_000;
let huge: { id: number; externalId: string; seedPrompt: string };

test.beforeAll(async () => {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    const marker = uniqueMarker();
    await client.query("INSERT INTO judges (name, version, kind) VALUES ('heuristic', 'v1', 'heuristic') ON CONFLICT (name, version) DO NOTHING");
    const { rows } = await client.query<{ id: number; external_id: string; seed_prompt: string }>(
      `INSERT INTO eval_sessions (external_id, content_hash, seed_prompt, started_at, turn_count)
       VALUES ($1, $1, $2, '2025-05-01T09:00:00Z', $3) RETURNING id, external_id, seed_prompt`,
      [`e2e-huge-${marker}`, `${marker} a debate that never ends`, TURNS],
    );
    huge = { id: rows[0].id, externalId: rows[0].external_id, seedPrompt: rows[0].seed_prompt };
    await client.query(
      `INSERT INTO turns (session_id, ordinal, depth_index, step_index, persona_id, response, word_count, affect_amplitude, raw)
       SELECT $1, n, n / 3 + 1, n % 3 + 1, (ARRAY['thesis','antithesis','synthesis'])[n % 3 + 1],
         'Turn ' || n || ' of a debate that never ends.', 8, (n % 1000) / 1000.0, '{}'::jsonb
       FROM generate_series(0, $2::int - 1) AS n`,
      [huge.id, TURNS],
    );
    await client.query(
      `INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics)
       SELECT t.id, j.id, 0.4 + (t.ordinal % 3) / 10.0, '{"overall_score": 0.5}'::jsonb
       FROM turns t, judges j WHERE t.session_id = $1 AND j.name = 'heuristic' AND j.version = 'v1'`,
      [huge.id],
    );
    await client.query("ANALYZE turns, judge_scores");
  } finally {
    await client.end();
  }
});

test("a 50,000-turn session's page answers in under a second, pages its turns and draws its charts", async ({ page, signInAs }) => {
  test.setTimeout(90_000);
  await signInAs("viewer");
  await page.request.get(`/sessions/${huge.externalId}`); // the first render of the route compiles nothing, but warms the pool
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = Date.now();
    const response = await page.request.get(`/sessions/${huge.externalId}`);
    await response.text(); // the whole streamed page
    times.push(Date.now() - started);
    expect(response.status()).toBe(200);
  }
  console.log(`GET /sessions/:id of ${TURNS} turns: ${times.join(", ")} ms`);
  expect(Math.min(...times)).toBeLessThan(1000);

  await page.goto(`/sessions/${huge.externalId}`);
  await expect(page.getByRole("region", { name: "Summary", exact: true }).getByRole("definition").nth(0)).toHaveText("50000");
  const affect = page.getByRole("figure", { name: "Affect trajectory" });
  // The trajectory is drawn through the 500 runs' means: one move and 499 line segments.
  await expect(affect.locator(".recharts-line-curve").first()).toHaveAttribute("d", /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){499}$/);
  await expect(affect.getByText(/each point is a run of 100 consecutive turns/)).toBeVisible();
  const perTurn = page.getByRole("figure", { name: "Overall score per turn" });
  await expect(perTurn.locator(".recharts-bar-rectangle path")).toHaveCount(500);

  const turns = page.getByRole("region", { name: "Turns" });
  await expect(turns.getByRole("article")).toHaveCount(50);
  await expect(turns.getByText("Turns 1–50 of 50000 (page 1 of 1000)").first()).toBeVisible();
  await turns.getByRole("link", { name: "Last" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${huge.externalId}\\?page=1000`));
  await expect(turns.getByRole("heading", { name: "Turn 50000" })).toBeVisible();

  await page.goto(`/sessions/${huge.externalId}?page=zero`);
  await expect(page.getByText('page must be a whole number from 1 to 50000000 (got "zero"): showing the first page of turns.')).toBeVisible();

  const api = await page.request.get(`/api/v1/sessions/${huge.id}?page=2`);
  expect(api.status()).toBe(200);
  const body = await api.json();
  expect(body.turnPage).toEqual({ page: 2, pageSize: 50, total: TURNS });
  expect(body.turns.map((turn: { ordinal: number }) => turn.ordinal)).toEqual(Array.from({ length: 50 }, (_, i) => 50 + i));
  const bad = await page.request.get(`/api/v1/sessions/${huge.id}?page=-3`);
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toBe('page must be a whole number from 1 to 50000000 (got "-3")');
});

test("nothing about a session reaches a client that may not open it, in the raw HTML", async ({ playwright, baseURL, page, signInAs }) => {
  const userAgents = {
    browser: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
    // Next waits for the metadata before sending the head to crawlers: the title would be in it.
    crawler: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  };
  const anonymous = await playwright.request.newContext({ baseURL });
  const unknown = await anonymous.get("/sessions/2000000000", { maxRedirects: 0 });
  for (const [label, userAgent] of Object.entries(userAgents)) {
    const response = await anonymous.get(`/sessions/${huge.id}`, { maxRedirects: 0, headers: { "user-agent": userAgent } });
    expect(response.status(), label).toBe(307);
    const html = await response.text();
    expect(html, label).not.toContain(huge.externalId);
    expect(html, label).not.toContain("a debate that never ends");
    // An unknown id answers the same: a signed-out client cannot tell which sessions exist.
    expect(response.headers().location, label).toBe(`/sign-in?next=${encodeURIComponent(`/sessions/${huge.id}`)}`);
    expect(unknown.status(), label).toBe(307);
    const followed = await anonymous.get(`/sessions/${huge.id}`, { headers: { "user-agent": userAgent } });
    expect(await followed.text(), label).not.toContain(huge.externalId);
  }
  await anonymous.dispose();

  // A signed-in rater may not open sessions either (raters stay blind to the judge).
  await signInAs("rater");
  for (const [label, userAgent] of Object.entries(userAgents)) {
    const response = await page.request.get(`/sessions/${huge.id}`, { headers: { "user-agent": userAgent } });
    expect(response.status(), label).toBe(403);
    expect(await response.text(), label).not.toContain(huge.externalId);
  }
});
