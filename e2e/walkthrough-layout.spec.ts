import { mkdirSync } from "node:fs";
import { expect, test } from "./fixtures";
import { seedWalkthroughSession } from "./support/walkthrough-data";
import { allPages, overflowingElements, pageSlug, SIGNED_OUT_PAGES } from "./support/walkthrough-pages";

// Every page at a desktop's 1440 px and a phone's 390 px: a screenshot of each under
// e2e/screenshots/ (not committed; the next review compares them), and at 390 px nothing may
// stick out of the viewport. Tables scroll inside their own box with the first column kept
// in view, or turn into stacked cards (item 14 of issue 23).

const SHOTS = "e2e/screenshots";

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

async function checkPage(page: import("@playwright/test").Page, path: string, problems: string[]) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${SHOTS}/${pageSlug(path)}-${width}.png`, fullPage: true });
    if (width === 390) for (const element of await overflowingElements(page)) problems.push(`${path}: ${element}`);
  }
}

test("every signed-in page at 1440 and 390 px: screenshots, and nothing wider than a phone's viewport", async ({ page, signInAs }) => {
  test.setTimeout(240_000);
  await signInAs("admin");
  const problems: string[] = [];
  for (const path of await allPages(page)) await checkPage(page, path, problems);
  expect(problems).toEqual([]);
});

test("the signed-out pages at 1440 and 390 px", async ({ page }) => {
  const problems: string[] = [];
  for (const path of SIGNED_OUT_PAGES) await checkPage(page, path, problems);
  expect(problems).toEqual([]);
});

test("Korean text gets the app's own Hangul font, and a page of Latin text loads no font (item 15)", async ({ page, signInAs }) => {
  const fontsLoaded = () =>
    page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => /\.woff2?(\?|$)/.test(name)));
  await page.goto("/sign-in");
  await page.waitForLoadState("networkidle");
  expect(await fontsLoaded()).toEqual([]);

  await signInAs("viewer");
  const walk = await seedWalkthroughSession();
  await page.goto(`/sessions/${encodeURIComponent(walk.externalId)}`);
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
