import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { seedCascade } from "./support/cascade-data";

// A cascade made in the UI from a seeded cheap screener and strong judge (with token counts
// and endpoint prices), its band proposed from the rated turns, then read on the report.

test("an admin proposes a band, creates a cascade and reads its agreement and cost on the report, on a desktop and a phone", async ({ page, signInAs }) => {
  const seeded = await seedCascade();
  await signInAs("admin");
  await page.goto("/settings/judges/cascades");
  await expect(page.getByRole("heading", { name: "Judge cascades", level: 1 })).toBeVisible();

  const name = `e2e-cascade-${randomUUID().slice(0, 6)}`;
  const form = page.getByRole("form", { name: "New cascade" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create cascade" }).click();
  await expect(form.getByText("Choose the screener")).toBeVisible();
  await form.getByLabel(/^Screener/).selectOption({ label: `${seeded.screener} p2 (llm; 80 scores)` });
  await form.getByLabel(/^Strong judge/).selectOption({ label: `${seeded.strong} p2 (llm; 80 scores)` });
  await expect(form.getByLabel("Cut-off", { exact: true })).toHaveValue("0.65");

  await form.getByRole("button", { name: "Propose band" }).click();
  const proposal = form.getByRole("status");
  await expect(proposal).toContainText(/Proposed band: [\d.]+ to [\d.]+ \(cut-off ± [\d.]+\)\. It sends \d+ of 80 rated turns/);
  await form.screenshot({ path: "test-results/cascade-form-desktop.png" });
  await proposal.getByRole("button", { name: "Use this band" }).click();
  const below = await form.getByLabel("Band below the cut-off").inputValue();
  expect(Number(below)).toBeGreaterThan(0);
  await expect(form.getByLabel("Band above the cut-off")).toHaveValue(below);
  await form.getByRole("button", { name: "Create cascade" }).click();
  await expect(form.getByText(`Building “${name}” in the background; it is listed below when its scores are stored.`)).toBeVisible();
  const built = page.getByRole("region", { name: "Cascades being built" });
  await expect(built.getByText(new RegExp(`Created ${name} 1: scores on 80 turns, \\d+ of them from the strong judge\\.`))).toBeVisible({ timeout: 30_000 });

  await page.getByRole("link", { name: `${name} 1` }).click();
  const section = page.getByRole("region", { name: "Judge cascade" });
  await expect(section).toContainText(`${seeded.screener} p2 screens every turn`);
  await expect(section).toContainText(/It sends \d+ % of 80 rated turns to the strong judge: κ quadratic \d\.\d\d, against \d\.\d\d for the strong judge alone and \d\.\d\d for the screener alone, at \d+ % of the strong judge's cost/);
  const table = section.getByRole("table", { name: /On the same 80 rated turns/ });
  await expect(table.getByRole("rowheader")).toHaveCount(3);
  // The strong judge alone: 80 × (1,500 × $2.50 + 80 × $10) / 10⁶ = $0.364; the screener: 80 × (300 × $0.15 + 40 × $0.60) / 10⁶ = $0.0055.
  await expect(table.getByRole("row", { name: /Strong judge alone/ })).toContainText("$0.36");
  await expect(table.getByRole("row", { name: /Strong judge alone/ })).toContainText("120,000 in / 6,400 out tokens");
  await expect(table.getByRole("row", { name: /Screener alone/ })).toContainText("$0.0055");
  await section.screenshot({ path: "test-results/cascade-desktop.png" });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await section.screenshot({ path: "test-results/cascade-phone.png" });
  await page.goto("/settings/judges/cascades");
  await expect(page.getByRole("table", { name: "Judge cascades" }).getByRole("link", { name: `${name} 1` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/cascade-settings-phone.png", fullPage: true });
});
