import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

// The demo data the suite's server starts with: three demo raters, every rated turn rated by
// two of them and every third by all three, so the alternative annotator test can leave each
// rater out and still compare against the others.
const HEADLINE = (epsilon: string) => new RegExp(`Judge can replace a rater: (yes|no) \\(ω = \\d\\.\\d\\d, \\d of 3 raters beaten at ε = ${epsilon.replace(".", "\\.")}\\)`);
const DEMO_RATERS = ["Demo Rater 1", "Demo Rater 2", "Demo Rater 3"];

const verdictSection = (page: Page) => page.getByRole("region", { name: "Verdict" });
const altTest = (page: Page) => verdictSection(page).getByRole("region", { name: "Can the judge replace a rater?" });

/** Sets ε for a criterion ("" = any other criterion) and waits for the save to answer. */
async function saveEpsilon(page: Page, criterion: string, epsilon: string) {
  const form = page.getByRole("form", { name: "Verdict settings" });
  await form.getByLabel("Criterion").selectOption(criterion);
  await form.getByLabel("ε (allowance for the judge)").fill(epsilon);
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/settings/verdict"));
  await form.getByRole("button", { name: "Save settings" }).click();
  await saved;
  await expect(form.getByRole("status")).toContainText("Saved.");
}

test("an admin reads the verdict, the alt-test and the corrected quality, and the κ interval turns rater-aware", async ({ page, signInAs }) => {
  test.setTimeout(90_000);
  await signInAs("admin");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/agreement");
  const section = verdictSection(page);

  // The verdict sits right after the summary, before the headline figures.
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.indexOf("Verdict")).toBe(headings.indexOf("Judge against humans") - 1);

  await expect(altTest(page).getByText(HEADLINE("0.15"))).toBeVisible();
  const kappa = section.getByRole("article", { name: "Judge–human κ (quadratic)" });
  // On a fresh server the job has just started: a picture of the progress, when it is still there.
  if (await kappa.getByRole("progressbar").isVisible()) await kappa.screenshot({ path: "test-results/verdict-computing.png" });
  // The three demo raters are tested; anyone another spec signed in to rate a few turns is listed as not tested.
  const raters = section.getByRole("table", { name: "Each rater against the judge" });
  const tested = raters.locator("tbody tr").filter({ hasNotText: "Not tested" });
  await expect(tested.getByRole("rowheader")).toHaveText(DEMO_RATERS);
  for (const row of await tested.all()) await expect(row).toContainText(/\d+ %\s*(\d\.\d+(e-\d+)?|0)\s*(yes|no)$/);

  const quality = section.getByRole("region", { name: "Estimated true quality" });
  await expect(quality.getByRole("columnheader")).toHaveText(["Figure", "Judge only", "Corrected", "Humans only"]);
  await expect(quality.getByRole("rowheader")).toHaveText(["Mean quality level (1 Poor – 4 Excellent)", "Pass rate (Good or better)"]);
  await expect(quality.getByRole("row").nth(2)).toContainText(/\d+\.\d %/);
  await expect(quality.getByText(/The judge (overstates|understates) |within the corrected interval/)).toBeVisible();

  // The rater-aware bootstrap is a background job: the κ card waits for it, then says so.
  await expect(kappa).toContainText("Rater-aware interval: sessions and raters resampled.", { timeout: 30_000 });
  await expect(kappa).toContainText(/\d\.\d\d \(−?\d\.\d\d to \d\.\d\d\)/);
  await expect(kappa).toContainText(/bar: at least 0\.60/);
  await expect(kappa.getByText(/PASS|FAIL|INCONCLUSIVE/)).toBeVisible();
  await expect(kappa).toContainText(/About [\d,]+ more ratings to settle it within\s±0\.05|Settled within\s±0\.05/);
  await expect(section.getByRole("article")).toHaveCount(4);
  await expect(section.getByRole("article", { name: "Human–human α" })).toContainText("Rater-aware interval");

  await section.getByText("How is this computed").first().click();
  await expect(section.getByText(/Benjamini–Yekutieli/)).toBeVisible();
  await section.screenshot({ path: "test-results/verdict-1440.png" });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(altTest(page).getByText(HEADLINE("0.15"))).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  await section.screenshot({ path: "test-results/verdict-390.png" });
});

test("an admin changes ε on /settings/verdict and the alt-test follows, for any criterion or one", async ({ page, signInAs }) => {
  test.setTimeout(90_000);
  await signInAs("admin");
  await page.goto("/agreement");
  await page.getByRole("link", { name: "Change the bars" }).click();
  await expect(page).toHaveURL(/\/settings\/verdict$/);
  await expect(page.getByRole("heading", { level: 1, name: "Verdict bars" })).toBeVisible();
  const form = page.getByRole("form", { name: "Verdict settings" });
  await expect(form.getByLabel("Judge–human κ at least")).toHaveValue("0.6");
  await expect(form.getByLabel("Pass level")).toHaveValue("3");

  // A value out of range is refused at its field.
  await form.getByLabel("ε (allowance for the judge)").fill("0.9");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByText("At most 0.5")).toBeVisible();
  await expect(form.getByLabel("ε (allowance for the judge)")).toHaveAttribute("aria-invalid", "true");

  try {
    await saveEpsilon(page, "", "0.2");
    // One criterion of its own: kept in the form after saving, and the default is unchanged.
    await saveEpsilon(page, "overall", "0.1");
    await expect(form.getByLabel("Criterion")).toHaveValue("overall");
    await expect(form.getByLabel("ε (allowance for the judge)")).toHaveValue("0.1");
    await form.getByLabel("Criterion").selectOption("");
    await expect(form.getByLabel("ε (allowance for the judge)")).toHaveValue("0.2");
    await page.screenshot({ path: "test-results/verdict-settings-1440.png", fullPage: true });

    await page.goto("/agreement");
    await expect(altTest(page).getByText(HEADLINE("0.2"))).toBeVisible();
    await page.goto("/agreement?criterion=overall");
    await expect(altTest(page).getByText(HEADLINE("0.1"))).toBeVisible();
  } finally {
    await page.goto("/settings/verdict");
    await saveEpsilon(page, "", "0.15");
    await saveEpsilon(page, "overall", "0.15");
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/verdict-settings-390.png", fullPage: true });
});

test("a viewer sees the verdict but no way to change the bars", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/agreement");
  await expect(altTest(page).getByText(HEADLINE("0.15"))).toBeVisible();
  await expect(page.getByRole("link", { name: "Change the bars" })).toHaveCount(0);
  const response = await page.request.get("/settings/verdict", { maxRedirects: 0 });
  expect(response.status()).toBe(403);
});

test("a rater cannot open /settings/verdict, and the queue says how many ratings would settle the judge's agreement", async ({ page, signInAs }) => {
  await signInAs("rater");
  const response = await page.goto("/settings/verdict");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("form", { name: "Verdict settings" })).toHaveCount(0);

  await page.goto("/queue");
  await expect(page.getByText(/^About [\d,]+ more ratings would settle the judge's agreement within ±0\.05\.$/)).toBeVisible();
  await page.screenshot({ path: "test-results/verdict-queue.png" });
});
