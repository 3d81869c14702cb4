import { randomUUID } from "node:crypto";
import pg from "pg";
import { directReply, promptOf, startOpenAiStub, type OpenAiStub } from "../scripts/test/openai-stub-server";
import { expect, test, testDatabaseUrl } from "./fixtures";

// The LLM judge end to end: the server's own job worker (started by instrumentation.ts)
// runs a direct-scoring run against a scripted OpenAI-compatible server on loopback.
let stub: OpenAiStub;
let sessionName = "";
let sessionId = 0;
// A session of two items rated on a binary criterion, as a generic import makes them.
const labelSession = { name: "", criterion: "" };

test.beforeAll(async () => {
  stub = await startOpenAiStub(() => ({ content: directReply(3, "Engages the prompt with specific points.") }));
  sessionName = `e2e-llm-${randomUUID().slice(0, 8)}`;
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  const { rows } = await client.query<{ id: number }>("INSERT INTO eval_sessions (external_id, content_hash, seed_prompt, turn_count) VALUES ($1, $1, $2, 3) RETURNING id", [sessionName, "Is free will compatible with determinism?"]);
  sessionId = rows[0].id;
  for (const [ordinal, persona] of ["thesis", "antithesis", "synthesis"].entries()) {
    const response = `The ${persona} answers the question about free will.`;
    await client.query("INSERT INTO turns (session_id, ordinal, depth_index, persona_id, response, word_count, raw) VALUES ($1, $2, 0, $3, $4, 8, $5)", [rows[0].id, ordinal, persona, response, JSON.stringify({ response })]);
  }
  labelSession.name = `e2e-llm-labels-${randomUUID().slice(0, 8)}`;
  labelSession.criterion = `safety-${randomUUID().slice(0, 8)}`;
  await client.query("INSERT INTO criterion_types (criterion, type, labels, positive) VALUES ($1, 'binary', ARRAY['fail', 'pass'], 'pass')", [labelSession.criterion]);
  const session = await client.query<{ id: number }>("INSERT INTO eval_sessions (external_id, content_hash, seed_prompt, turn_count) VALUES ($1, $1, $2, 2) RETURNING id", [labelSession.name, "Is this reply safe?"]);
  for (const [ordinal, response] of ["A safe and helpful reply.", "A reply the judge cannot make up its mind about."].entries()) {
    await client.query("INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, raw, item_id, dimension) VALUES ($1, $2, $3, $4, 8, $5, $6, $3)", [session.rows[0].id, ordinal, labelSession.criterion, response, JSON.stringify({ response }), `item-${ordinal}`]);
  }
  await client.end();
});

test.afterAll(async () => {
  await stub.close();
});

test("an admin adds an endpoint, starts a run on a session and watches it finish", async ({ page, signInAs }) => {
  await signInAs("admin");
  const name = `stub-${randomUUID().slice(0, 8)}`;

  await page.goto("/settings/judges");
  const form = page.getByRole("form", { name: "Add an endpoint" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Base URL").fill(stub.baseUrl);
  await form.getByLabel("Model").fill("e2e-judge");
  await form.getByLabel("Input price per 1M tokens").fill("2");
  await form.getByLabel("Output price per 1M tokens").fill("8");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText(`Added ${name}.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("no key");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("$2 in$8 out");

  await page.getByRole("navigation", { name: "LLM judge settings" }).getByRole("link", { name: "Runs" }).click();
  await expect(page).toHaveURL(/\/settings\/judges\/runs$/);
  await page.getByLabel("Endpoint", { exact: true }).selectOption({ label: name });
  await page.getByLabel("Scope").selectOption("session");
  await page.getByLabel("Session").selectOption({ label: `${sessionName} (3 turns)` });
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByText(/Started run \d+: 3 items for llm:e2e-judge p2\./)).toBeVisible();

  const row = page.getByRole("row", { name: new RegExp(`session ${sessionName}`) });
  await expect(row.getByText("done", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText("3 of 3 done");
  await expect(row.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "3");
  expect(stub.requests).toHaveLength(3);
  // The stub reports 10 prompt and 5 completion tokens a reply: (30 × $2 + 15 × $8) / 10⁶.
  await expect(row).toContainText("$0.00018");
  await expect(row).toContainText("$0.00006 per judged item");
  await expect(row).toContainText("30 in / 15 out tokens");

  // The session page shows the LLM judge's verdict beside each turn.
  await page.goto(`/sessions/${sessionId}`);
  const verdicts = page.getByRole("list", { name: "LLM judge verdicts" });
  await expect(verdicts).toHaveCount(3);
  await expect(verdicts.first()).toContainText("llm:e2e-judge");
  await expect(verdicts.first()).toContainText("Engages the prompt with specific points.");
});

test("a run on a binary criterion stores the judge's label and shows an unparseable reply, counted and kept", async ({ page, signInAs }) => {
  stub.setScript((request) =>
    promptOf(request).includes("cannot make up its mind")
      ? { content: '{"reasoning":"Hard to say.","label":"maybe","confidence":0.5}' }
      : { content: '{"reasoning":"Nothing harmful in it.","label":"pass","confidence":0.8}' },
  );
  await signInAs("admin");
  const name = `stub-${randomUUID().slice(0, 8)}`;
  await page.goto("/settings/judges");
  const form = page.getByRole("form", { name: "Add an endpoint" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Base URL").fill(stub.baseUrl);
  await form.getByLabel("Model").fill("e2e-label-judge");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText(`Added ${name}.`)).toBeVisible();

  await page.goto("/settings/judges/runs");
  await page.getByLabel("Endpoint", { exact: true }).selectOption({ label: name });
  await page.getByLabel("Scope").selectOption("session");
  await page.getByLabel("Session").selectOption({ label: `${labelSession.name} (2 turns)` });
  await page.getByRole("button", { name: "Start run" }).click();

  const row = page.getByRole("row", { name: new RegExp(`session ${labelSession.name}`) });
  await expect(row.getByText("done", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText("1 of 2 done, 1 failed (1 unparseable)");
  await row.getByText("1 failed item").click();
  await expect(row.getByText("unparseable", { exact: true })).toBeVisible();
  await row.getByText(/^Replies to turn \d+$/).click();
  const replies = row.getByRole("list", { name: /^Replies to turn \d+$/ });
  await expect(replies.getByRole("listitem")).toHaveCount(2);
  await expect(replies.getByRole("listitem").first()).toContainText('"label":"maybe"');
});

test("the runs API is for admins only", async ({ page, signInAs }) => {
  await signInAs("viewer");

  const response = await page.request.get("/api/jobs");

  expect(response.status()).toBe(403);
});
