import pg from "pg";
import { account, expect, test, testDatabaseUrl } from "./fixtures";
import { seedQueue, type SeededQueue } from "./support/queue-data";

let seeded: SeededQueue;

async function clearEscalationSettings(): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query("DELETE FROM settings WHERE key = 'queue.escalation'");
  } finally {
    await client.end();
  }
}

test.beforeEach(async () => {
  seeded = await seedQueue();
});

test.afterEach(async () => {
  await clearEscalationSettings();
  await seeded.restore();
});

test("an admin sees why items are escalated and gives them a share of the queue; a rater sees none of it", async ({ page, browser, signInAs }) => {
  await signInAs("admin");
  await page.goto("/queue/manage");
  // Four of the five seeded turns lie within 0.02 of a cut-off; the nearest is the most urgent.
  const urgent = page.getByRole("table", { name: "Most urgent escalated items" });
  await expect(urgent.getByRole("row")).toHaveCount(5);
  await expect(urgent.getByRole("row").nth(1)).toContainText(seeded.turns[0].response.slice(0, 40));
  await expect(urgent.getByRole("row").nth(1)).toContainText("Near a cut-off");

  const form = page.getByRole("form", { name: "Escalation settings" });
  await form.getByLabel("How the queue picks items").selectOption("sampled");
  await form.getByLabel("Escalated share (%)").fill("150");
  await form.getByRole("button", { name: "Save escalation" }).click();
  await expect(form.getByText("At most 100 %")).toBeVisible();
  await form.getByLabel("Escalated share (%)").fill("100");
  await form.getByRole("button", { name: "Save escalation" }).click();
  await expect(form.getByRole("status")).toContainText("Saved.");
  await expect(page.getByText("100 % of takes go to escalated items")).toBeVisible();
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Escalated items" }) });
  await section.screenshot({ path: "test-results/escalation-manage-1440.png" });
  await page.setViewportSize({ width: 390, height: 900 });
  await section.screenshot({ path: "test-results/escalation-manage-390.png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The session page tells admins why a turn is escalated.
  await urgent.getByRole("row").nth(1).getByRole("link", { name: /^Turn \d+$/ }).click();
  await expect(page).toHaveURL(/\/sessions\/[^/?#]+(\?page=\d+)?#turn-\d+$/);
  const turn = page.locator("li[id^='turn-']", { hasText: seeded.turns[0].response.slice(0, 40) });
  await expect(turn).toContainText("Escalated to raters: near a cut-off");

  // A rater, in a browser of their own: the escalation share serves the most urgent turn, and nothing says so.
  const raterContext = await browser.newContext();
  const raterPage = await raterContext.newPage();
  const bodies: Promise<string>[] = [];
  raterPage.on("response", (response) => bodies.push(response.text().catch(() => "")));
  await raterPage.goto("/sign-in");
  const rater = account("rater");
  await raterPage.getByLabel("Email").fill(rater.email);
  await raterPage.getByLabel("Password").fill(rater.password);
  await raterPage.getByRole("button", { name: "Sign in" }).click();
  await expect(raterPage).toHaveURL(/\/queue$/);
  await expect(raterPage.getByRole("article")).toContainText(seeded.turns[0].response);
  const received = await Promise.all(bodies);
  for (const body of received) {
    for (const secret of ["escalat", "Escalat", "near_cutoff", "Near a cut-off", "inclusion_probability", "inclusionProbability", "escalation_priority", "escalationPriority"]) {
      expect(body, secret).not.toContain(secret);
    }
  }
  // The rater rates it by keyboard: the rating carries the take's probability, and the report weights it.
  await raterPage.keyboard.press("3");
  await raterPage.keyboard.press("Enter");
  await expect(raterPage.getByRole("status")).toHaveText("Saved.");
  await raterContext.close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/agreement?judge=heuristic&persona=${encodeURIComponent(seeded.personaId)}`);
  const weighting = page.locator("section", { has: page.getByRole("heading", { name: "Escalation and weighting" }) });
  await expect(weighting).toContainText("1 of 1 rated turns came from the sampled queue, 1 of them through the escalation share");
  await expect(weighting.getByRole("table")).toContainText("Escalated turns");
  await weighting.screenshot({ path: "test-results/escalation-report-weighted-1440.png" });
});

test("the agreement report has its escalation and weighting section", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/agreement");
  const heading = page.getByRole("heading", { name: "Escalation and weighting" });
  await expect(heading).toBeVisible();
  const section = page.locator("section", { has: heading });
  await expect(section).toContainText(/sampled queue/);
  await section.screenshot({ path: "test-results/escalation-report-1440.png" });
});

test("while escalation is recomputed in the background, Manage the queue says so with its progress", async ({ page, signInAs }) => {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    // A refresh job not due yet, so the server's worker leaves it waiting: 1 of 5 items done.
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO jobs (kind, payload, total, completed, run_after) VALUES ('queue-escalation-refresh', '{"afterTurnId": 0}', 5, 1, now() + interval '1 hour') RETURNING id`,
    );
    try {
      await signInAs("admin");
      await page.goto("/queue/manage");
      const notice = page.getByRole("status").filter({ hasText: "Escalation is being recomputed" });
      await expect(notice).toContainText("Escalation is being recomputed for 5 items after a change of its limits or of the quality cut-offs: 1 done (20 %)");
      await notice.screenshot({ path: "test-results/escalation-refresh-1440.png" });
      await page.setViewportSize({ width: 390, height: 900 });
      await notice.screenshot({ path: "test-results/escalation-refresh-390.png" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Once the refresh is over, the notice goes by itself, without a reload.
      await client.query("DELETE FROM jobs WHERE id = $1", [rows[0].id]);
      await expect(notice).toHaveCount(0, { timeout: 10_000 });
    } finally {
      await client.query("DELETE FROM jobs WHERE id = $1", [rows[0].id]);
    }
  } finally {
    await client.end();
  }
});
