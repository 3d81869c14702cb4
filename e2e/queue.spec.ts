import { expect, test } from "./fixtures";
import { readQueueOutcome, seedQueue, type SeededQueue } from "./support/queue-data";

let seeded: SeededQueue;

test.beforeEach(async () => {
  seeded = await seedQueue();
});

test.afterEach(async () => {
  await seeded.restore();
});

test("a rater rates by keyboard, skips, undoes, and is never sent the judge's score", async ({ page, signInAs }) => {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => bodies.push(response.text().catch(() => "")));
  const rater = await signInAs("rater");
  await expect(page).toHaveURL(/\/queue$/);

  const response = page.getByRole("article");
  const progress = page.getByLabel("Progress");
  const [first, second, third, fourth, fifth] = seeded.turns;
  await expect(page.getByText(seeded.seedPrompt)).toBeVisible();
  await expect(response).toContainText(first.response);
  await expect(progress).toContainText(/\d+ rated/);
  const ratedBefore = Number(/(\d+) rated/.exec((await progress.textContent()) ?? "")![1]);

  // Three ratings, by keyboard only: a level key, then Enter.
  for (const [turn, key, next] of [[first, "3", second], [second, "1", third], [third, "4", fourth]] as const) {
    await expect(response).toContainText(turn.response);
    await page.keyboard.press(key);
    await expect(page.getByRole("radio", { checked: true })).toHaveAttribute("data-level", key);
    await page.keyboard.press("Enter");
    await expect(response).toContainText(next.response);
    await expect(page.getByRole("status")).toHaveText("Saved.");
    // The turns before it in its session are shown with it.
    if (next.ordinal > 0) await expect(page.getByText(`Earlier in this session: ${next.ordinal} turn`)).toBeVisible();
  }
  await expect(progress).toContainText(`${ratedBefore + 3} rated`);

  // S skips the fourth: the fifth comes up.
  await page.keyboard.press("s");
  await expect(response).toContainText(fifth.response);
  await expect(page.getByRole("status")).toContainText("Skipped");

  // U takes back the third rating: its item comes back with the level chosen before.
  await page.keyboard.press("u");
  await expect(response).toContainText(third.response);
  await expect(page.getByRole("status")).toContainText("Rating undone");
  await expect(page.getByRole("radio", { checked: true })).toHaveAttribute("data-level", "4");
  await expect(progress).toContainText(`${ratedBefore + 2} rated`);

  const outcome = await readQueueOutcome(seeded.turns.map((t) => t.id), rater.email);
  expect(outcome.ratings.map((r) => [r.turn_id, r.level])).toEqual([
    [first.id, 3],
    [second.id, 1],
  ]);
  for (const rating of outcome.ratings) {
    expect(rating.time_spent_ms).toBeGreaterThan(0);
    expect(rating.rubric_version_id).not.toBeNull();
    expect(rating.is_gold).toBe(false);
  }
  expect(outcome.skippedTurnIds).toEqual([fourth.id]);

  // Nothing the browser received — HTML, RSC payloads, action results, JSON — held a judge score.
  const received = await Promise.all(bodies);
  expect(received.length).toBeGreaterThan(5);
  for (const body of received) {
    expect(body).not.toContain("overall_score");
    expect(body).not.toContain("evaluation_metrics");
    for (const turn of seeded.turns) expect(body).not.toContain(String(turn.score));
  }
});

test("a turn opened by link is served when the rater may rate it, and explained when not", async ({ page, signInAs }) => {
  await signInAs("rater");
  const [first, , , , last] = seeded.turns;

  await page.goto(`/queue?turn=${last.id}`);
  await expect(page.getByRole("article")).toContainText(last.response);

  await page.goto("/queue?turn=2000000000");
  await expect(page.getByRole("status")).toContainText("Turn 2000000000 is not in the rating queue.");
  await expect(page.getByRole("article")).toContainText(last.response); // the item the rater holds

  await page.goto(`/queue?turn=${first.id}`);
  await expect(page.getByRole("article")).toContainText(first.response);
});

test("an admin sees the queue's progress and changes its settings", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/queue/manage");
  await expect(page.getByRole("heading", { name: "Manage the queue" })).toBeVisible();
  await expect(page.getByLabel("Persona")).toHaveValue(seeded.personaId);
  await expect(page.getByRole("listitem").filter({ has: page.getByText("items in scope", { exact: true }) })).toHaveText(/^5\s*items in scope$/);

  const settings = page.getByRole("form", { name: "Queue settings" });
  await settings.getByLabel("Ratings per item (k)").fill("3");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toContainText("Saved.");

  const gold = page.getByRole("form", { name: "Add a gold item" });
  await gold.getByLabel("Turn id").fill(String(seeded.turns[0].id));
  await gold.getByLabel("Agreed level").selectOption("3");
  await gold.getByRole("button", { name: "Add gold item" }).click();
  await expect(page.getByRole("table", { name: "Gold items" })).toContainText(seeded.turns[0].response.slice(0, 40));
  await page.getByRole("button", { name: `Remove gold item for turn ${seeded.turns[0].id}` }).click();
  await expect(page.getByRole("table", { name: "Gold items" }).getByText(seeded.turns[0].response.slice(0, 40))).toHaveCount(0);
});

test("only admins open the queue's admin view and the rubric editor", async ({ page, signInAs }) => {
  for (const path of ["/queue/manage", "/settings/rubric"]) {
    const anonymous = await page.request.get(path, { maxRedirects: 0 });
    expect(anonymous.status(), path).toBe(307);
  }
  await signInAs("rater");
  for (const path of ["/queue/manage", "/settings/rubric"]) expect((await page.request.get(path)).status(), path).toBe(403);
  expect((await page.request.get("/api/queue/progress")).status()).toBe(200);
});
