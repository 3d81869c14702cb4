import { startOpenAiStub, completionBody, type OpenAiStub } from "../scripts/test/openai-stub-server";
import { concord, expect, signIn, test } from "./fixtures";
import { seedWalkthroughSession, type WalkthroughSession } from "./support/walkthrough-data";

// Issue 23's walk-through, as a person would meet each fix: scores beside levels (1),
// a failed import (3), sessions named by their own id (5), a password change (8), filters
// (9), a restore that says what it changes (10), and an endpoint's connection test (12).

let walk: WalkthroughSession;
test.beforeAll(async () => {
  walk = await seedWalkthroughSession();
});

test("a score just under a cut-off reads 0.499 beside its Poor badge, with the exact value in a title (item 1)", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto(`/sessions/${encodeURIComponent(walk.externalId)}`);
  const turn = page.getByRole("article", { name: "Turn 1" });
  const score = turn.getByText("0.499", { exact: true });
  await expect(score).toBeVisible();
  await expect(score).toHaveAttribute("title", "0.4989");
  await expect(turn.getByText("Poor", { exact: true })).toBeVisible();
  // The adjudicated turn shows the final level, who decided and the note (item 2).
  const adjudicated = page.getByRole("article", { name: "Turn 2" });
  await expect(adjudicated).toContainText("Final level: Good (3)");
  await expect(adjudicated).toContainText("Both raters missed half of it; Good.");
});

test("sessions are named by their own id in links, pages, the API and the export; old links redirect (item 5)", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto(`/sessions?q=${walk.marker}`);
  const link = page.getByRole("table").getByRole("link", { name: new RegExp(walk.marker) });
  await expect(link).toHaveAttribute("href", `/sessions/${encodeURIComponent(walk.externalId)}`);
  await expect(page.getByRole("table")).toContainText(walk.externalId);
  await link.click();
  await expect(page).toHaveURL(`/sessions/${encodeURIComponent(walk.externalId)}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(walk.externalId);
  await expect(page.locator("body")).not.toContainText(`/sessions/${walk.id}`);

  // An old link by database key: a permanent redirect that keeps the query.
  const old = await page.request.get(`/sessions/${walk.id}?page=1`, { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  expect(old.headers().location).toBe(`/sessions/${encodeURIComponent(walk.externalId)}?page=1`);
  await page.goto(`/sessions/${walk.id}`);
  await expect(page).toHaveURL(`/sessions/${encodeURIComponent(walk.externalId)}`);

  // The API answers by the session's own id, and still by the old key.
  const byOwnId = await page.request.get(`/api/v1/sessions/${encodeURIComponent(walk.externalId)}`);
  expect(byOwnId.status()).toBe(200);
  expect((await byOwnId.json()).session.externalId).toBe(walk.externalId);
  expect((await (await page.request.get(`/api/v1/sessions/${walk.id}`)).json()).session.externalId).toBe(walk.externalId);

  // The pairs export names the session by its own id.
  const csv = await (await page.request.get("/api/agreement/export?what=pairs&format=csv&judge=heuristic&judgeVersion=v1")).text();
  const rows = csv.trim().split("\n");
  expect(rows[0].split(",")[1]).toBe("session_id");
  expect(rows.some((row) => row.split(",")[1] === walk.externalId)).toBe(true);
  expect(rows.slice(1).every((row) => !/^\d+$/.test(row.split(",")[1]))).toBe(true);
});

test("a file that fails to import shows a red bar with its reason and a retry that works once the cause is fixed (item 3)", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/import");
  const sessionId = `walk-import-${walk.marker}`;
  const line = (response: string) => JSON.stringify({ session_id: sessionId, timestamp: "2026-03-02T10:00:00Z", depth_index: 1, step_index: 1, persona: { id: "thesis", name: "Thesis", role: "Seed explorer" }, response });
  await page.getByLabel("Files to import").setInputFiles({ name: "first.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(`${line("First answer.")}\n`) });
  const imports = page.getByRole("list", { name: "Imports" });
  await expect(imports.getByRole("listitem").first()).toContainText("Imported 1 session");

  // Same session id, other content: refused until "Replace existing sessions" is ticked.
  await page.getByLabel("Files to import").setInputFiles({ name: "changed.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(`${line("A changed answer.")}\n`) });
  const row = imports.getByRole("listitem").first();
  const bar = row.getByRole("progressbar", { name: "Progress of changed.jsonl" });
  await expect(bar).toHaveAttribute("data-state", "failed");
  expect(await bar.evaluate((element) => getComputedStyle(element).accentColor)).toBe("rgb(180, 35, 24)");
  await expect(row.getByText(/^Not imported: /)).toContainText(sessionId);
  await row.screenshot({ path: "e2e/screenshots/import-failed-row-1440.png" });
  await page.getByLabel("Replace existing sessions").check();
  await row.getByRole("button", { name: "Retry changed.jsonl" }).click();
  await expect(row).toContainText("Imported 1 session");
  await expect(row.getByRole("progressbar", { name: "Progress of changed.jsonl" })).toHaveAttribute("data-state", "done");
});

test("a password change confirms, ends the other sessions and says so (item 8)", async ({ browser }) => {
  const email = `walk-pw-${walk.marker}@test.concord.local`;
  const password = `walk password ${walk.marker}`;
  concord(["user", "create", "--email", email, "--name", "Walk viewer", "--role", "viewer", "--password", password]);
  const who = { email, password, role: "viewer" as const };
  const elsewhere = await (await browser.newContext()).newPage();
  await signIn(elsewhere, who);
  const here = await (await browser.newContext()).newPage();
  await signIn(here, who);

  await here.goto("/account/password");
  await here.getByLabel("Current password").fill(password);
  await here.getByLabel("New password", { exact: true }).fill(`${password} new`);
  await here.getByLabel("Repeat the new password").fill(`${password} new`);
  await here.getByRole("button", { name: "Change password" }).click();
  await expect(here.getByRole("heading", { name: "Password changed" })).toBeVisible();
  await expect(here.getByRole("status")).toContainText("You stay signed in here. 1 other session was signed out");

  await elsewhere.goto("/sessions");
  await expect(elsewhere).toHaveURL(/\/sign-in/);
  await here.goto("/sessions");
  await expect(here).toHaveURL(/\/sessions$/);
});

test("filters apply by themselves, live in the URL, survive reload and back/forward, and offer 'Clear filters' (item 9)", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/sessions");
  await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);
  await page.getByLabel("Search seed prompts and responses").fill(walk.marker);
  await expect(page).toHaveURL(new RegExp(`q=${walk.marker}`)); // after a pause, no button
  await page.getByText("Filters and sorting").click();
  await page.getByLabel("Persona present").selectOption("antithesis");
  await expect(page).toHaveURL(/persona=antithesis/);
  await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Persona present")).toHaveValue("antithesis");
  await page.goBack();
  await expect(page).not.toHaveURL(/persona=/);
  await expect(page.getByLabel("Search seed prompts and responses")).toHaveValue(walk.marker);
  await page.goForward();
  await expect(page).toHaveURL(/persona=antithesis/);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);

  // The report's filters behave the same way.
  await page.goto("/agreement");
  await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);
  await page.getByLabel("Persona", { exact: true }).selectOption("antithesis");
  await expect(page).toHaveURL(/persona=antithesis/);
  await page.reload();
  await expect(page.getByLabel("Persona", { exact: true })).toHaveValue("antithesis");
  await page.goBack();
  await expect(page).not.toHaveURL(/persona=/);
  await page.goForward();
  await expect(page.getByLabel("Persona", { exact: true })).toHaveValue("antithesis");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/agreement$/);
});

test("restoring a thresholds version asks first and says what will change (item 10)", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/settings/thresholds");
  const editor = page.getByRole("form", { name: "Thresholds and weights" });
  await editor.getByLabel("Good ≥").fill("0.7");
  await expect(page.getByTestId("turns-changed")).toHaveText(/^[1-9][\d,]* of /);
  const save = editor.getByRole("button", { name: /^Save as version \d+$/ });
  const version = Number((await save.textContent())!.match(/\d+$/)![0]);
  await editor.getByLabel("Note").fill("walk-through: Good needs 0.70");
  await save.click();
  await expect(page.getByRole("row", { name: `Version ${version}`, exact: true })).toContainText("Active");

  await page.getByRole("button", { name: "Restore version 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore version 1?" });
  await expect(dialog).toContainText(/κ_w (goes from \d\.\d{3} to \d\.\d{3}|stays at \d\.\d{3}); [1-9][\d,]* of [\d,]+ turns and \d+ of [\d,]+ sessions? change level\./);
  await page.screenshot({ path: "e2e/screenshots/thresholds-restore-dialog-1440.png" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: `Version ${version + 1}`, exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Restore version 1" }).click();
  await page.getByRole("button", { name: "Yes, restore version 1" }).click();
  await expect(page.getByRole("row", { name: `Version ${version + 1}`, exact: true })).toContainText("Restored version 1");
});

test.describe("an LLM endpoint's connection test (item 12)", () => {
  let stub: OpenAiStub;
  test.beforeAll(async () => {
    stub = await startOpenAiStub(() => ({ body: completionBody("OK", "walk-model-1") }));
  });
  test.afterAll(() => stub.close());

  test("reports latency and model, and an unreachable endpoint fails at the connection stage within 5 s", async ({ page, signInAs }) => {
    await signInAs("admin");
    const add = async (name: string, baseUrl: string) => {
      await page.goto("/settings/judges");
      const form = page.getByRole("form", { name: /endpoint/i }).first();
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("Base URL").fill(baseUrl);
      await form.getByLabel("Model").fill("walk-model-1");
      await form.getByRole("button", { name: /Add endpoint/ }).click();
      await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
    };
    const good = `walk-ok-${walk.marker}`;
    await add(good, stub.baseUrl);
    await page.getByRole("button", { name: `Test connection to ${good}` }).click();
    await expect(page.getByRole("row", { name: new RegExp(good) })).toContainText(/Connected in \d+ ms; model walk-model-1 answered\./);

    const bad = `walk-down-${walk.marker}`;
    await add(bad, "http://127.0.0.1:9/v1");
    const started = Date.now();
    await page.getByRole("button", { name: `Test connection to ${bad}` }).click();
    await expect(page.getByRole("row", { name: new RegExp(bad) })).toContainText(/Connection failed after \d+ ms: Could not connect to 127\.0\.0\.1:9/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
