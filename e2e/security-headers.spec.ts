import { randomUUID } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { contentSecurityPolicy } from "../lib/security/content-security-policy";
import { expect, test } from "./fixtures";
import { appPageRoutes, SIGNED_OUT_PAGES, STATIC_PAGES } from "./support/walkthrough-pages";

// Every page answers with a nonce-based Content-Security-Policy, frame protection, a
// Referrer-Policy and nosniff, and still works under that policy: each script carries the
// response's nonce, the browser reports no violation, and React hydrates.

// The home page redirects; it is checked here, and the other lists are the walk-through's.
const SIGNED_IN_PAGES = ["/", ...STATIC_PAGES];

test.beforeEach(async ({ page }) => {
  // Runs from DevTools, so the page's CSP does not apply to it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
});

async function expectProtectedPage(page: Page, response: Response | null, path: string) {
  expect(response, path).not.toBeNull();
  const headers = response!.headers();
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce, `${path}: a nonce in the CSP`).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(headers["content-security-policy"], path).toBe(contentSecurityPolicy({ nonce: nonce! }));
  expect([headers["x-frame-options"], headers["x-content-type-options"], headers["referrer-policy"]], path).toEqual(["DENY", "nosniff", "same-origin"]);

  // Every script the server sent carries the nonce (those Next.js adds later are allowed
  // by 'strict-dynamic', being loaded by a nonced one).
  const scriptTags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scriptTags.length, `${path}: scripts`).toBeGreaterThan(0);
  expect(scriptTags.filter((tag) => !tag.includes(` nonce="${nonce}"`)), `${path}: scripts without this response's nonce`).toEqual([]);

  await page.waitForLoadState("networkidle");
  const state = await page.evaluate(() => ({
    isHydrated: Object.keys(document).some((key) => key.startsWith("__reactContainer$")),
    violations: (window as unknown as { cspViolations: string[] }).cspViolations,
  }));
  expect(state.violations, `${path}: CSP violations`).toEqual([]);
  expect(state.isHydrated, `${path}: React hydrated`).toBe(true);
}

test("the page lists name every page of the app (pages with a parameter are reached by links)", () => {
  const listed = new Set([...SIGNED_IN_PAGES, ...SIGNED_OUT_PAGES]);
  const routes = appPageRoutes();
  expect(routes.filter((route) => !route.includes("[") && !listed.has(route))).toEqual([]);
  expect(routes.filter((route) => route.includes("["))).toEqual(["/invite/[token]", "/sessions/[id]", "/settings/judges/endpoints/[endpointId]"]);
});

test("every signed-out page carries the headers and works under the CSP", async ({ page }) => {
  for (const path of SIGNED_OUT_PAGES) await expectProtectedPage(page, await page.goto(path), path);
});

test("every signed-in page carries the headers and works under the CSP, a session's charts included", async ({ page, signInAs }) => {
  test.setTimeout(90_000); // every page of the app, each until its network is idle
  await signInAs("admin");
  for (const path of SIGNED_IN_PAGES) await expectProtectedPage(page, await page.goto(path), path);

  // A session page (charts) and an endpoint's edit page, which need an id.
  await page.goto("/sessions");
  const sessionHref = await page.getByRole("table").locator('a[href^="/sessions/"]').first().getAttribute("href");
  expect(sessionHref).toMatch(/^\/sessions\/[^/?#]+$/);
  await expectProtectedPage(page, await page.goto(sessionHref!), sessionHref!);
  await expect(page.locator(".recharts-surface").first()).toBeVisible();

  const name = `csp-${randomUUID().slice(0, 8)}`;
  await page.goto("/settings/judges");
  const form = page.getByRole("form", { name: "Add an endpoint" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Base URL").fill("http://127.0.0.1:9/v1");
  await form.getByLabel("Model").fill("m");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText(`Added ${name}.`)).toBeVisible();
  const editHref = await page.getByRole("link", { name: `Edit ${name}` }).getAttribute("href");
  await expectProtectedPage(page, await page.goto(editHref!), editHref!);
});

test("a new nonce for every response, and the static headers on the API and assets too", async ({ page, request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) nonces.add((await request.get("/sign-in")).headers()["content-security-policy"]);
  expect(nonces.size).toBe(3);

  const health = await request.get("/api/health");
  expect([health.headers()["x-frame-options"], health.headers()["x-content-type-options"], health.headers()["referrer-policy"]]).toEqual(["DENY", "nosniff", "same-origin"]);
  await page.goto("/sign-in");
  const asset = await page.evaluate(() => [...document.scripts].find((script) => script.src.includes("/_next/static/"))?.src);
  const assetResponse = await request.get(asset!);
  expect(assetResponse.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a page refuses to be framed by another site", async ({ page, baseURL }) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/frame-ancestors|X-Frame-Options/.test(message.text())) blocked.push(message.text());
  });
  await page.setContent(`<iframe src="${baseURL}/sign-in" title="framed"></iframe>`);

  await expect.poll(() => blocked.length).toBeGreaterThan(0);
  expect(await page.frameLocator("iframe").getByRole("heading", { name: "Sign in to Concord" }).count()).toBe(0);
});
