import { expect, test, testDatabaseUrl } from "./fixtures";
import { seedBrowseSessions, uniqueMarker } from "./support/sessions-data";

const marker = uniqueMarker();
let seeded: Awaited<ReturnType<typeof seedBrowseSessions>>;

test.beforeAll(async () => {
  seeded = await seedBrowseSessions(testDatabaseUrl(), marker);
});

function rowPrompts(page: import("@playwright/test").Page) {
  return page.getByRole("table").getByRole("row").getByRole("link").filter({ hasText: marker });
}

test("a viewer searches, filters and sorts sessions, and the address keeps the view", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/sessions");
  await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();

  await page.getByLabel("Search seed prompts and responses").fill(marker);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions\\?q=${marker}$`));
  await expect(rowPrompts(page)).toHaveText([/balance speed/, /지속 가능한/, /philosophy/]);
  await expect(page.getByText("Showing 1–3 of 3 sessions")).toBeVisible();

  // Korean search reaches into the responses (the marker is in the prompts only).
  await page.getByLabel("Search seed prompts and responses").fill("재원");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rowPrompts(page)).toHaveText([/지속 가능한/]);

  await page.getByLabel("Search seed prompts and responses").fill(marker);
  await page.getByText("Filters and sorting").click();
  await page.getByRole("group", { name: "Quality level" }).getByLabel("Good").check();
  await page.getByRole("group", { name: "Quality level" }).getByLabel("Excellent").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/quality=good%2Cexcellent|quality=good,excellent/);
  await expect(rowPrompts(page)).toHaveText([/balance speed/, /지속 가능한/]);

  await page.getByRole("link", { name: "Avg score" }).click();
  await expect(page).toHaveURL(/sort=score/);
  await expect(page.getByRole("columnheader", { name: "Avg score" })).toHaveAttribute("aria-sort", "descending");
  await expect(rowPrompts(page)).toHaveText([/지속 가능한/, /balance speed/]);
  await page.getByRole("link", { name: "Avg score" }).click();
  await expect(page.getByRole("columnheader", { name: "Avg score" })).toHaveAttribute("aria-sort", "ascending");
  await expect(rowPrompts(page)).toHaveText([/balance speed/, /지속 가능한/]);

  // The link reproduces the view in a fresh page.
  const address = page.url();
  await page.goto("/sessions");
  await page.goto(address);
  await expect(rowPrompts(page)).toHaveText([/balance speed/, /지속 가능한/]);
  const first = page.getByRole("row").filter({ hasText: "balance speed" });
  await expect(first.getByText("Good")).toBeVisible();
  await expect(first.getByText("1 / 6")).toBeVisible();

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page.getByLabel("Search seed prompts and responses")).toHaveValue("");
});

test("bad values in the address are named and left out", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto(`/sessions?q=${marker}&sort=sideways&minScore=7`);
  await expect(page.getByText(/sort must be one of/)).toBeVisible();
  await expect(page.getByText(/minScore must be at most 1/)).toBeVisible();
  await expect(rowPrompts(page)).toHaveCount(3);
});

test("a session shows its summary, both charts with one mark per point, and every turn", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto(`/sessions?q=${marker}`);
  await page.getByRole("link", { name: /balance speed/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${seeded.long.externalId}$`));

  const summary = page.getByRole("region", { name: "Summary", exact: true });
  await expect(summary.getByText("Total turns")).toBeVisible();
  await expect(summary.getByRole("definition").nth(0)).toHaveText("6");
  await expect(summary.getByRole("definition").nth(1)).toHaveText("0.72");
  await expect(summary.getByText("Good", { exact: true })).toBeVisible();

  const differences = page.getByRole("region", { name: "Imported summary" });
  await expect(differences.getByRole("row", { name: /avg_overall_score 0.8 0.72/ })).toBeVisible();
  await expect(differences.getByRole("row", { name: /quality_rating Excellent Good/ })).toBeVisible();

  const affect = page.getByRole("figure", { name: "Affect trajectory" });
  await expect(affect.locator(".affect-point")).toHaveCount(6);
  await expect(affect.locator(".recharts-reference-line")).toHaveCount(1); // depth 2 starts at turn 4
  await affect.getByText("Show as table").click();
  await expect(affect.getByRole("table").getByRole("row")).toHaveCount(7);

  const personas = page.getByRole("figure", { name: "Persona breakdown" });
  await expect(personas.locator(".recharts-bar-rectangle path")).toHaveCount(3);
  await personas.getByText("Show as table").click();
  await expect(personas.getByRole("table").getByRole("row", { name: /antithesis 2 0.61/ })).toBeVisible();

  const perTurn = page.getByRole("figure", { name: "Overall score per turn" });
  await expect(perTurn.locator(".recharts-bar-rectangle path")).toHaveCount(6);

  const turns = page.getByRole("region", { name: "Turns" }).getByRole("article");
  await expect(turns).toHaveCount(6);
  const second = turns.nth(1);
  await expect(second.getByText("However, speed overlooks the risk of debt.")).toBeVisible();
  await expect(second.getByText("Critical intensity")).toBeVisible();
  await expect(second.getByText("3 critical keywords")).toBeVisible();
  await expect(second.getByText("Human ratings (2)")).toBeVisible();
  await expect(second.getByText("Good (3)")).toBeVisible();
});

test("the session page offers no way to rate, even to an admin: it shows the judge's scores", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto(`/sessions/${seeded.short.id}`);
  const turns = page.getByRole("region", { name: "Turns" });
  await expect(turns.getByRole("article")).toHaveCount(2);
  await expect(turns.getByText("Overall").first()).toBeVisible(); // the judge's score is on the page
  await expect(turns.getByRole("link", { name: /rate/i })).toHaveCount(0);
  await expect(turns.locator('a[href^="/queue"]')).toHaveCount(0);
});

test("an unknown session is a 404 page", async ({ page, signInAs }) => {
  await signInAs("viewer");
  const response = await page.goto("/sessions/2000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Session not found" })).toBeVisible();
});

test("the JSON API lists and reads sessions for a signed-in viewer", async ({ page, signInAs }) => {
  await signInAs("viewer");
  const list = await page.request.get(`/api/v1/sessions?q=${marker}&sort=turns`);
  expect(list.status()).toBe(200);
  const body = await list.json();
  expect(body.rows.map((row: { id: number }) => row.id)).toEqual([seeded.long.id, seeded.korean.id, seeded.short.id]);
  expect(body).toMatchObject({ total: 3, page: 1, hasNextPage: false, thresholds: { cutoffs: { good: 0.65 } } });

  const bad = await page.request.get("/api/v1/sessions?pageSize=7");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).fieldErrors).toEqual({ pageSize: "pageSize must be one of 10, 25, 50, 100" });

  const detail = await page.request.get(`/api/v1/sessions/${seeded.korean.id}`);
  expect(detail.status()).toBe(200);
  const session = await detail.json();
  expect(session.summary).toMatchObject({ total_turns: 3, quality_rating: "Excellent" });
  expect(session.turns).toHaveLength(3);
  expect((await page.request.get("/api/v1/sessions/2000000000")).status()).toBe(404);
});
