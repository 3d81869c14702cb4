import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";

// A judge panel made in the UI from the demo's three judges, then read on the report.

test("an admin creates a panel of two judges and reads what it is worth on the report, on a desktop and a phone", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/settings/judges/panels");
  await expect(page.getByRole("heading", { name: "Judge panels", level: 1 })).toBeVisible();
  // The demo's panel is listed already.
  await expect(page.getByRole("table", { name: "Judge panels" }).getByRole("link", { name: /^demo-panel \d+$/ })).toBeVisible();

  const name = `e2e-panel-${randomUUID().slice(0, 6)}`;
  const form = page.getByRole("form", { name: "New panel" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create panel" }).click();
  await expect(form.getByText("Pick at least two judges")).toBeVisible();
  await form.getByLabel("Median of the members' scores").check();
  await form.getByRole("checkbox", { name: /^demo-judge-a 1/ }).check();
  await form.getByRole("checkbox", { name: /^demo-judge-b 1/ }).check();
  await form.getByRole("button", { name: "Create panel" }).click();
  // The job worker builds it; the page updates by itself until it is done.
  await expect(form.getByText(`Building “${name}” in the background; it is listed below when its answers are stored.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Panels being built" }).getByText(`Created ${name} 1: answers on 540 turns.`)).toBeVisible({ timeout: 30_000 });

  await page.getByRole("link", { name: `${name} 1` }).click();
  const section = page.getByRole("region", { name: "Judge panel" });
  await expect(section).toContainText(`${name} 1: Median of the members' scores of demo-judge-a 1, demo-judge-b 1.`);
  await expect(section).toContainText(/A panel of 2 is worth \d\.\d independent judges; it (beats|trails) its best member by [+−]\d\.\d\d κ_q \[/);
  await expect(section.getByRole("table", { name: "Each member against people" }).getByRole("rowheader")).toHaveCount(2);
  await expect(section.getByRole("table", { name: /How their errors against people correlate/ })).toBeVisible();
  await expect(section.getByRole("table", { name: /Fitted weight per member/ }).getByRole("rowheader")).toHaveCount(2);
  await expect(section).toContainText(/out of fold/);
  await section.screenshot({ path: "test-results/panel-desktop.png" });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await section.screenshot({ path: "test-results/panel-phone.png" });
});
