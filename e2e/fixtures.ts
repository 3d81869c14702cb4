import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test as base, type Page } from "@playwright/test";
import type { Role } from "../lib/auth/access";

export { expect };

export type Account = { email: string; password: string; role: Role };

export const ADMIN: Account = {
  email: process.env.E2E_ADMIN_EMAIL!,
  password: process.env.E2E_ADMIN_PASSWORD!,
  role: "admin",
};

/** The data directory of the server this test runs against (playwright.config.ts: one per project). */
function serverDataDir(): string {
  return (base.info().project.metadata as { dataDir?: string }).dataDir ?? process.env.CONCORD_E2E_DATA_DIR!;
}

/** The URL of the test server's embedded database, from its lock file and password file. */
export function testDatabaseUrl(): string {
  const dir = serverDataDir();
  const { pgPort } = JSON.parse(readFileSync(path.join(dir, "concord.lock"), "utf8"));
  const password = readFileSync(path.join(dir, "pg-password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@localhost:${pgPort}/concord`;
}

/** Runs the real `concord` command against the test server's database. */
export function concord(args: string[]): string {
  return execFileSync(process.execPath, ["scripts/concord.mjs", ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: testDatabaseUrl() },
  });
}

const created = new Map<Role, Account>();

/** An account of this role (the admin, or one created once through `concord user create`). */
export function account(role: Role): Account {
  if (role === "admin") return ADMIN;
  let found = created.get(role);
  if (!found) {
    found = { email: `e2e-${role}-${process.pid}@test.concord.local`, password: `e2e ${role} password ${process.pid}`, role };
    concord(["user", "create", "--email", found.email, "--name", `E2E ${role}`, "--role", role, "--password", found.password]);
    created.set(role, found);
  }
  return found;
}

export async function signIn(page: Page, who: Account): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** `signInAs("viewer")` signs the page in as an account of that role. */
export const test = base.extend<{ signInAs: (role: Role) => Promise<Account> }>({
  signInAs: async ({ page }, use) => {
    await use(async (role) => {
      const who = account(role);
      await signIn(page, who);
      return who;
    });
  },
});
