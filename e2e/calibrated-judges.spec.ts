import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";

// A calibrated judge made in the UI from the demo's heuristic judge, then read on the report.

test("an admin calibrates the heuristic judge and compares raw and calibrated on the report, on a desktop and a phone", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/settings/judges/calibrated");
  await expect(page.getByRole("heading", { name: "Calibrated judges", level: 1 })).toBeVisible();
  // The demo's calibrated judge is listed already.
  await expect(page.getByRole("table", { name: "Calibrated judges" }).getByRole("link", { name: /^heuristic calibrated \d+$/ })).toBeVisible();

  const name = `e2e-calibrated-${randomUUID().slice(0, 6)}`;
  const form = page.getByRole("form", { name: "New calibrated judge" });
  await form.getByRole("button", { name: "Create calibrated judge" }).click();
  await expect(form.getByText("Name the calibrated judge")).toBeVisible();
  const select = form.getByLabel("Judge to calibrate");
  const heuristic = await select.locator("option", { hasText: /^heuristic v1 \(/ }).getAttribute("value");
  await select.selectOption(heuristic!);
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create calibrated judge" }).click();
  await expect(form.getByText(`Building “${name}” in the background; it is listed below when its scores are stored.`)).toBeVisible();
  const built = page.getByRole("region", { name: "Calibrated judges being built" });
  await expect(built.getByText(new RegExp(`^Created ${name} 1: scores on [\\d,]+ turns\\. On the [\\d,]+ rated turns it is off by \\d\\.\\d\\d levels`))).toBeVisible({ timeout: 30_000 });

  const row = page.getByRole("table", { name: "Calibrated judges" }).getByRole("row", { name: new RegExp(`^${name} 1 heuristic v1`) });
  await expect(row).toContainText(/\d\.\d\d → \d\.\d\d/);
  await page.screenshot({ path: "test-results/calibrated-settings-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/calibrated-settings-phone.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole("link", { name: `${name} 1` }).click();
  const section = page.getByRole("region", { name: "Calibrated judge" });
  await expect(section).toContainText(`${name} 1 maps heuristic v1's score onto the human levels by isotonic regression`);
  await expect(section).toContainText(/Calibrated, the judge is off by \d\.\d\d levels on average where the raw judge is off by \d\.\d\d/);
  await expect(section.getByText("κ quadratic, calibrated")).toBeVisible();
  const figure = section.getByRole("figure", { name: "Reliability diagram: raw and calibrated" });
  await expect(figure).toBeVisible();
  await figure.getByText("Show as table").click();
  await expect(figure.getByRole("rowheader")).toHaveCount(6);
  await section.screenshot({ path: "test-results/calibrated-desktop.png" });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await section.screenshot({ path: "test-results/calibrated-phone.png" });
});
