import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { allPages, SIGNED_OUT_PAGES } from "./support/walkthrough-pages";

// An accessibility pass over every page with axe-core (WCAG 2 A and AA rules): no serious or
// critical violation anywhere, at a desktop width and at a phone's.

async function seriousViolations(page: import("@playwright/test").Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${path}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join("; ")}`);
}

test("no page has a serious or critical axe-core violation", async ({ page, signInAs }) => {
  test.setTimeout(480_000); // 21 pages × axe; 3.9 min at load 20
  await signInAs("admin");
  const found: string[] = [];
  for (const path of await allPages(page)) found.push(...(await seriousViolations(page, path)));
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/sessions", "/agreement", "/settings/users"]) found.push(...(await seriousViolations(page, path)));
  expect(found).toEqual([]);
});

test("the signed-out pages have no serious or critical axe-core violation", async ({ page }) => {
  const found: string[] = [];
  for (const path of SIGNED_OUT_PAGES) found.push(...(await seriousViolations(page, path)));
  expect(found).toEqual([]);
});
