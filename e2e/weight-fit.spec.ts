import { expect, test } from "./fixtures";
import { isSeedActive } from "./support/thresholds-data";
import { seedPlantedSessions } from "./support/weight-fit-data";

// The e2e database is shared by every spec of a run: this spec restores the seed's values
// (as a new version) before it ends, so the others see the defaults.

test.beforeAll(async () => {
  await seedPlantedSessions();
});

test("an admin fits the weights to the ratings, reads the verdict, and applies them as a new version after confirming", async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs("admin");
  await page.goto("/settings/thresholds");
  const card = page.getByRole("region", { name: "Fit weights to ratings" });
  await card.getByRole("button", { name: "Fit weights" }).click();

  // The fit runs in the background; the card shows the result when it is stored.
  await expect(card.getByText(/Out-of-fold quadratic κ: proposed/)).toBeVisible({ timeout: 90_000 });
  // Which verdict depends on the ratings the other specs of the run have added before this one;
  // the badge must agree with the interval's sentence either way.
  const holdsZero = await card.getByText(/it holds 0/).isVisible();
  await expect(card.getByText(holdsZero ? "No better than today" : /^(Better|Worse) than today$/)).toBeVisible();
  await expect(card.getByText(/rated turns in \d+ sessions/)).toBeVisible();
  const thesis = card.getByRole("table", { name: /^Thesis · \d+ rated turns/ });
  await expect(thesis.getByRole("row", { name: /^Length/ })).toContainText("0.2");
  await expect(card.getByText(/turns would change level/)).toBeVisible();

  // At 390 px the card fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: test.info().outputPath("weight-fit-390.png") });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.screenshot({ path: test.info().outputPath("weight-fit-1440.png") });

  // Apply asks first, saying what will change.
  await card.getByRole("button", { name: "Apply…" }).click();
  const confirm = card.getByRole("form", { name: /^Save the fitted weights as version \d+\?$/ });
  await expect(confirm).toContainText(/Thesis: length 0\.2 → /);
  await expect(confirm).toContainText(/turns and \d+ sessions change level/);
  await confirm.screenshot({ path: test.info().outputPath("weight-fit-confirm.png") });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await card.getByRole("button", { name: "Apply…" }).click();
  const apply = confirm.getByRole("button", { name: /^Apply as version \d+$/ });
  const version = Number((await apply.textContent())!.match(/\d+$/)![0]);
  await apply.click();

  const row = page.getByRole("row", { name: `Version ${version}`, exact: true });
  await expect(row).toContainText("Fitted weights: maximise quadratic κ");
  await expect(row).toContainText("Active");
  await expect(page.getByRole("form", { name: "Thresholds and weights" }).getByRole("group", { name: "Thesis", exact: true }).getByLabel("Length")).not.toHaveValue("0.2");
  expect(await isSeedActive()).toBe(false);

  // Back to the seed's values, as a new version.
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await page.getByRole("button", { name: "Yes, restore version 1" }).click();
  await expect(page.getByRole("row", { name: `Version ${version + 1}`, exact: true })).toContainText("Restored version 1");
  await expect.poll(isSeedActive).toBe(true);
});

test.afterAll(async ({ browser }) => {
  if (await isSeedActive()) return;
  const page = await browser.newPage();
  const { ADMIN, signIn } = await import("./fixtures");
  await signIn(page, ADMIN);
  await page.goto("/settings/thresholds");
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await page.getByRole("button", { name: "Yes, restore version 1" }).click();
  await expect.poll(isSeedActive).toBe(true);
  await page.close();
});
