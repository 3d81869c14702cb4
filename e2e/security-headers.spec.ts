import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { appPageRoutes, protectionProblems, SIGNED_OUT_PAGES, STATIC_PAGES, watchCspViolations } from "./support/walkthrough-pages";

// Every page answers with a nonce-based Content-Security-Policy, frame protection, a
// Referrer-Policy and nosniff, and still works under that policy: each script carries the
// response's nonce, the browser reports no violation, and React hydrates. The walk over every
// page (walkthrough-every-page.spec.ts) checks that on each listed page; here, the pages it
// does not reach: the home page's redirect, a session's page with its charts, and an
// endpoint's edit page made for the test.

test.beforeEach(async ({ page }) => watchCspViolations(page));

test("the page lists name every page of the app (pages with a parameter are reached by links)", () => {
  const listed = new Set(["/", ...STATIC_PAGES, ...SIGNED_OUT_PAGES]);
  const routes = appPageRoutes();
  expect(routes.filter((route) => !route.includes("[") && !listed.has(route))).toEqual([]);
  expect(routes.filter((route) => route.includes("["))).toEqual(["/invite/[token]", "/sessions/[id]", "/settings/judges/endpoints/[endpointId]"]);
});

test("the home page's redirect, a session's page with its charts and an endpoint's edit page carry the headers and work under the CSP", async ({ page, signInAs }) => {
  await signInAs("admin");
  expect(await protectionProblems(page, await page.goto("/"), "/")).toEqual([]);

  await page.goto("/sessions");
  const sessionHref = await page.getByRole("table").locator('a[href^="/sessions/"]').first().getAttribute("href");
  expect(sessionHref).toMatch(/^\/sessions\/[^/?#]+$/);
  expect(await protectionProblems(page, await page.goto(sessionHref!), sessionHref!)).toEqual([]);
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
  expect(await protectionProblems(page, await page.goto(editHref!), editHref!)).toEqual([]);
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
