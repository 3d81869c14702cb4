import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { seedTasks, type SeededTasks } from "./support/task-data";

// The report's "Metrics for this criterion's type" section on criteria of each type, planted
// by the spec with a judge of its own.

let seeded: SeededTasks;

test.beforeAll(async () => {
  seeded = await seedTasks();
});

const section = (page: Page) => page.getByRole("region", { name: "Metrics for this criterion's type" });

async function open(page: Page, criterion: string) {
  await page.goto(`/agreement?${new URLSearchParams({ judge: seeded.judge, criterion })}`);
  await expect(section(page)).toBeVisible();
}

const PRIMARY: Record<keyof SeededTasks["criteria"], string[]> = {
  binary: ["Precision", "Recall", "F1"],
  categorical: ["Accuracy", "Macro-F1", "Cohen's κ"],
  multilabel: ["Macro-F1", "Micro-F1"],
  numeric: ["Spearman ρ", "Kendall τ-b", "ICC(2,1), absolute agreement"],
};

for (const type of ["binary", "categorical", "multilabel", "numeric"] as const) {
  test(`a viewer reads the ${type} criterion's metrics, on a desktop and on a phone`, async ({ page, signInAs }) => {
    await signInAs("viewer");
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, seeded.criteria[type]);
    const cards = section(page).getByLabel("Judge against people");
    await expect(cards.getByRole("term")).toHaveText(PRIMARY[type]);
    await expect(cards.getByRole("definition").first()).toContainText(/\d\.\d\d|\d+ %/);
    await expect(section(page)).toContainText("60 turns · 180 ratings from 3 people");
    // The rater-aware intervals arrive from a background job, then show on the cards and in the table.
    await expect(section(page)).toContainText("95 % intervals are rater-aware: sessions and raters resampled together", { timeout: 30_000 });
    await expect(cards.getByRole("definition").first()).toContainText(/95 % CI (−?\d\.\d\d to −?\d\.\d\d|\d+ % to \d+ %)/);
    await expect(section(page).getByRole("table", { name: "More figures" }).getByRole("columnheader", { name: "95 % interval" })).toBeVisible();
    await expect(section(page).getByRole("heading", { name: "People among themselves" })).toBeVisible();
    if (type === "binary" || type === "categorical") {
      await expect(section(page).getByRole("table", { name: "Turns by answer" })).toBeVisible();
    }
    if (type === "numeric") await expect(section(page).getByRole("heading", { name: "Reliability diagram" })).toHaveCount(0);
    else await expect(section(page).getByRole("heading", { name: "Reliability diagram" })).toBeVisible();
    await section(page).screenshot({ path: `test-results/task-${type}-desktop.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(section(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await section(page).screenshot({ path: `test-results/task-${type}-phone.png` });
  });
}

test("the binary criterion explains the kappa paradox, and an ordinal criterion has no such section", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await open(page, seeded.criteria.binary);
  await expect(section(page)).toContainText("Gwet's AC1 is well above Fleiss' κ");
  await page.goto(`/agreement?criterion=overall`);
  await expect(page.getByRole("heading", { name: "Judge against humans" })).toBeVisible();
  await expect(section(page)).toHaveCount(0);
});
