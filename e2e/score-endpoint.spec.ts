import { expect, test } from "./fixtures";

// The orchestrator's real-time check end to end: an admin creates a `score` key and sets a
// retry cut-off for one persona on the thresholds page; the key then scores a turn through the
// real server, and the answer follows the cut-off.
const TURN = {
  response: "However, the plan may overlook a real risk: teams fail when trust is assumed.",
  seed_prompt: "How can small teams grow while keeping trust?",
  persona_id: "antithesis",
  persona_role: "Critical reflector",
};

test("an admin creates a score key and a per-persona retry cut-off, and the endpoint answers with it", async ({ page, signInAs, request }) => {
  test.setTimeout(60_000);
  await signInAs("admin");

  await page.goto("/settings/api-keys");
  const create = page.getByRole("form", { name: "Create an API key" });
  await create.getByLabel("Name").fill("e2e orchestrator");
  await create.getByLabel("Scope").selectOption("score");
  await create.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByLabel("API key e2e orchestrator").textContent())?.trim() ?? "";
  expect(key).toMatch(/^concord_/);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/settings/thresholds");
    const form = page.getByRole("form", { name: "Retry cut-off" });
    await form.scrollIntoViewIfNeeded();
    await form.screenshot({ path: `test-results/retry-cut-off-${width}.png` });
  }
  const form = page.getByRole("form", { name: "Retry cut-off" });
  await form.getByLabel("Antithesis: retry below").fill("0.99");
  await form.getByLabel("Persona id").fill("e2e-planner");
  await form.getByLabel("Retry below", { exact: true }).fill("0");
  await form.getByRole("button", { name: "Save retry cut-off" }).click();
  await expect(form.getByRole("status")).toContainText("Saved.");

  const scored = await request.post("/api/v1/score", { headers: { authorization: `Bearer ${key}` }, data: [TURN, { ...TURN, persona_id: "e2e-planner" }] });
  expect(scored.status()).toBe(200);
  const body = await scored.json();
  expect(body.results.map((result: { retry: boolean; retry_cutoff: number }) => [result.retry, result.retry_cutoff])).toEqual([
    [true, 0.99],
    [false, 0],
  ]);
  expect(body.thresholds).toMatchObject({ version: expect.any(Number), label: expect.stringMatching(/^version \d+$/) });

  const bad = await request.post("/api/v1/score", { headers: { authorization: `Bearer ${key}` }, data: [TURN, { ...TURN, response: 7 }] });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toBe("[1].response: expected a string, found number");
});
