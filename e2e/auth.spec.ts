import { account, expect, signIn, test } from "./fixtures";
import type { Role } from "../lib/auth/access";

type Caller = "anonymous" | Role;
type Outcome = 200 | 403 | "sign-in";

// Every page and who may open it: the matrix the issue asks for, checked over HTTP.
const PAGES: Record<string, Record<Caller, Outcome>> = {
  "/sessions": { anonymous: "sign-in", admin: 200, rater: 403, viewer: 200 },
  "/agreement": { anonymous: "sign-in", admin: 200, rater: 403, viewer: 200 },
  "/queue": { anonymous: "sign-in", admin: 200, rater: 200, viewer: 403 },
  "/import": { anonymous: "sign-in", admin: 200, rater: 403, viewer: 403 },
  "/settings": { anonymous: "sign-in", admin: 200, rater: 403, viewer: 403 },
  "/settings/thresholds": { anonymous: "sign-in", admin: 200, rater: 403, viewer: 403 },
  "/settings/verdict": { anonymous: "sign-in", admin: 200, rater: 403, viewer: 403 },
  "/settings/users": { anonymous: "sign-in", admin: 200, rater: 403, viewer: 403 },
  "/settings/api-keys": { anonymous: "sign-in", admin: 200, rater: 403, viewer: 403 },
  "/account/password": { anonymous: "sign-in", admin: 200, rater: 200, viewer: 200 },
};

for (const caller of ["anonymous", "admin", "rater", "viewer"] as const) {
  test(`pages open or refuse as they should for ${caller}`, async ({ page, signInAs }) => {
    if (caller !== "anonymous") await signInAs(caller);

    for (const [path, expected] of Object.entries(PAGES)) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      const outcome = expected[caller];
      if (outcome === "sign-in") {
        expect(response.status(), path).toBe(307);
        expect(response.headers().location, path).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
      } else {
        expect(response.status(), `${path} as ${caller}`).toBe(outcome);
      }
    }
  });
}

test("signing in returns to the page asked for, and signing out ends the session", async ({ page }) => {
  const viewer = account("viewer");
  await page.goto("/agreement");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fagreement$/);

  await page.getByLabel("Email").fill(viewer.email);
  await page.getByLabel("Password").fill(viewer.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/agreement$/);
  await expect(page.getByRole("banner")).toContainText("Viewer");
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === "concord_session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });

  await page.getByRole("button", { name: "Sign out" }).click();

  await expect(page).toHaveURL(/\/sign-in$/);
  // The old cookie no longer opens anything, even if replayed.
  await page.context().addCookies([{ ...session!, expires: -1 }]);
  const replay = await page.request.get("/agreement", { maxRedirects: 0 });
  expect(replay.status()).toBe(307);
});

test("a wrong password gets a message that does not say whether the account exists", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account("viewer").email);
  await page.getByLabel("Password").fill("definitely not it");
  await page.getByRole("button", { name: "Sign in" }).click();

  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toHaveText("Email or password is incorrect.");
  await expect(page.getByLabel("Email")).toHaveValue(account("viewer").email); // kept for the next try
  await expect(page.getByLabel("Password")).toHaveValue("");

  await page.getByLabel("Email").fill("nobody-at-all@test.concord.local");
  await page.getByLabel("Password").fill("definitely not it");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Email")).toHaveValue("nobody-at-all@test.concord.local");
  await expect(alert).toHaveText("Email or password is incorrect.");
});

test("each role sees only the sections it may open", async ({ page, signInAs }) => {
  await signInAs("rater");
  await expect(page).toHaveURL(/\/queue$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["Queue"]);
});

test("an admin adds a user with a one-time password, who must choose their own at first sign-in", async ({ page, browser, signInAs }) => {
  // Five password hashes at the production cost (two sign-ins, the new user's, and the change's check and hash).
  test.setTimeout(60_000);
  await signInAs("admin");
  await page.goto("/settings/users");
  const email = `e2e-new-${Date.now()}@test.concord.local`;
  const form = page.getByRole("form", { name: "Add a user" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Name").fill("New Rater");
  await form.getByLabel("Role").selectOption("rater");
  await form.getByRole("button", { name: "Add user" }).click();
  const secret = page.getByLabel(`One-time password for ${email}`);
  await expect(secret).toBeVisible();
  const oneTimePassword = (await secret.textContent())!.trim();
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("One-time password");

  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await signIn(newcomer, { email, password: oneTimePassword, role: "rater" });
  await expect(newcomer).toHaveURL(/\/account\/password$/);
  await newcomer.getByLabel("Current password").fill(oneTimePassword);
  await newcomer.getByLabel("New password", { exact: true }).fill("the newcomer's own password");
  await newcomer.getByLabel("Repeat the new password").fill("the newcomer's own password");
  await newcomer.getByRole("button", { name: "Change password" }).click();
  await expect(newcomer).toHaveURL(/\/account\/password\?changed=1&ended=0$/);
  await expect(newcomer.getByText("Your password was changed.")).toBeVisible();
  await newcomer.getByRole("link", { name: "Continue" }).click();
  await expect(newcomer).toHaveURL(/\/queue$/);
  await context.close();
});

test("an admin creates an API key, sees it once, and revokes it", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/settings/api-keys");
  const name = `e2e key ${Date.now()}`;
  const form = page.getByRole("form", { name: "Create an API key" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Scope").selectOption("read");
  await form.getByLabel("Expires after (days)").fill("30");
  await form.getByRole("button", { name: "Create key" }).click();

  const secret = page.getByLabel(`API key ${name}`);
  await expect(secret).toHaveText(/^concord_[A-Za-z0-9_-]{43}$/);
  const key = (await secret.textContent())!;
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(key.slice(0, 14));
  await expect(row).toContainText("Active");
  await page.reload();
  await expect(page.getByText(key)).toHaveCount(0);

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Revoked");
});
