import { expect, test } from "./fixtures";

const SECTIONS = [
  { link: "Sessions", path: "/sessions", heading: "Sessions" },
  { link: "Queue", path: "/queue", heading: "Rating queue" },
  { link: "Agreement", path: "/agreement", heading: "Agreement" },
  { link: "Settings", path: "/settings", heading: "Settings" },
  { link: "Import", path: "/import", heading: "Import" },
];

test.beforeEach(async ({ signInAs }) => {
  await signInAs("admin");
});

test("the home page opens the sessions section inside the app shell", async ({ page }) => {
  await page.goto("/");

  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByRole("link", { name: "Concord home" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(SECTIONS.map((s) => s.link));
});

test("the header navigation reaches every section and marks the current one", async ({ page }) => {
  await page.goto("/sessions");
  const nav = page.getByRole("navigation", { name: "Main" });

  for (const section of SECTIONS) {
    await nav.getByRole("link", { name: section.link }).click();

    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(page.getByRole("heading", { level: 1, name: section.heading })).toBeVisible();
    await expect(nav.getByRole("link", { name: section.link })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
});

test("the navigation works from the keyboard", async ({ page }) => {
  await page.goto("/sessions");
  const agreement = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Agreement" });

  await agreement.focus();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/agreement$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agreement" })).toBeVisible();
});

test("an unknown address shows a not-found page with a way back", async ({ page }) => {
  const response = await page.goto("/no-such-page");

  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to sessions" }).click();
  await expect(page).toHaveURL(/\/sessions$/);
});

test("the health check reports a reachable, fully migrated database", async ({ request }) => {
  const response = await request.get("/api/health");

  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const body = await response.json();
  expect(body.status).toBe("ok");
  expect(body.db).toBe("up");
  expect(body.migrations.pending).toEqual([]);
  expect(body.migrations.failed).toEqual([]);
});
