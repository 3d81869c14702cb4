import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { seedWalkthroughSession } from "./support/walkthrough-data";
import {
  allPages,
  overflowingElements,
  pageSlug,
  protectionProblems,
  seriousAxeViolations,
  SIGNED_OUT_PAGES,
  watchCspViolations,
} from "./support/walkthrough-pages";

// One walk over every page, at a desktop's 1440 px and then a phone's 390 px, with the checks
// that hold on every page (each page is opened twice in all, not once a check):
// - at 1440 px, the security headers and the nonce-based CSP, under which the page works
//   (no violation, React hydrated);
// - no serious or critical axe-core violation (WCAG 2 A and AA), at 1440 px, and at 390 px
//   on the pages whose layout changes most on a phone;
// - a screenshot at each width under e2e/screenshots/ (not committed; the next review
//   compares them), and at 390 px nothing may stick out of the viewport: tables scroll inside
//   their own box with the first column kept in view, or turn into stacked cards (item 14 of
//   issue 23).
// Every problem found is listed, by check, before the test fails.

const SHOTS = "e2e/screenshots";
const PHONE_AXE_PAGES = ["/sessions", "/agreement", "/settings/users"];

type Problems = { protection: string[]; accessibility: string[]; layout: string[] };

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
test.beforeEach(async ({ page }) => watchCspViolations(page));

async function checkPage(page: Page, path: string, problems: Problems) {
  await page.setViewportSize({ width: 1440, height: 900 });
  problems.protection.push(...(await protectionProblems(page, await page.goto(path), path)));
  problems.accessibility.push(...(await seriousAxeViolations(page, path)));
  await page.screenshot({ path: `${SHOTS}/${pageSlug(path)}-1440.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${SHOTS}/${pageSlug(path)}-390.png`, fullPage: true });
  for (const element of await overflowingElements(page)) problems.layout.push(`${path}: ${element}`);
  if (PHONE_AXE_PAGES.includes(path)) problems.accessibility.push(...(await seriousAxeViolations(page, `${path} at 390 px`)));
}

async function walk(page: Page, paths: string[]) {
  const problems: Problems = { protection: [], accessibility: [], layout: [] };
  for (const path of paths) await checkPage(page, path, problems);
  expect.soft(problems.protection, "security headers and CSP").toEqual([]);
  expect.soft(problems.accessibility, "serious or critical axe-core violations").toEqual([]);
  expect(problems.layout, "wider than a phone's viewport at 390 px").toEqual([]);
}

test("every signed-in page: headers and CSP, axe-core, screenshots at 1440 and 390 px, nothing wider than a phone", async ({ page, signInAs }) => {
  test.setTimeout(480_000); // 24 pages opened twice each, with axe: 66 s on a quiet machine, far more on a loaded one
  await signInAs("admin");
  await walk(page, await allPages(page));
});

test("every signed-out page: headers and CSP, axe-core, screenshots at 1440 and 390 px", async ({ page }) => {
  await walk(page, SIGNED_OUT_PAGES);
});

test("Korean text gets the app's own Hangul font, and a page of Latin text loads no font (item 15)", async ({ page, signInAs }) => {
  const fontsLoaded = () =>
    page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => /\.woff2?(\?|$)/.test(name)));
  await page.goto("/sign-in");
  await page.waitForLoadState("networkidle");
  expect(await fontsLoaded()).toEqual([]);

  await signInAs("viewer");
  const session = await seedWalkthroughSession();
  await page.goto(`/sessions/${encodeURIComponent(session.externalId)}`);
  await page.waitForLoadState("networkidle");
  // Loaded by the page itself where the system has no Hangul font (as here); asked for
  // explicitly otherwise, so the check holds on any machine.
  const faces = await page.evaluate(async () => (await document.fonts.load('16px "Concord Hangul"', "도시는 나무를")).map((face) => face.status));
  expect(faces.length).toBeGreaterThan(0);
  expect(faces.every((status) => status === "loaded")).toBe(true);
  const fonts = await fontsLoaded();
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every((url) => new URL(url).origin === new URL(page.url()).origin)).toBe(true);
});
