import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { isSeedActive, seedScoredSession } from "./support/thresholds-data";

// The e2e database is shared by every spec of a run: this spec restores the seed's values
// (as a new version) before it ends, so the others see the defaults.

let sessionId = 0;
test.beforeAll(async () => {
  sessionId = await seedScoredSession();
});

/** The session page's quality level (another area's page): null when it does not show one. */
async function sessionQuality(page: Page): Promise<string | null> {
  const response = await page.goto(`/sessions/${sessionId}`);
  if (!response?.ok()) return null;
  const term = page.getByText("Quality rating", { exact: true });
  if ((await term.count()) === 0) return null;
  const text = await term.locator("xpath=following-sibling::dd[1]").textContent();
  return text?.match(/Excellent|Good|Fair|Poor/)?.[0] ?? null;
}

test("an admin edits a cut-off, sees the preview change, saves with a note, and finds the version in the history", async ({ page, signInAs }) => {
  await signInAs("admin");
  // The seeded session's mean score is 0.665: Good under the seed's cut-offs.
  const qualityBefore = await sessionQuality(page);
  await page.goto("/settings/thresholds");
  const editor = page.getByRole("form", { name: "Thresholds and weights" });
  const turnsChanged = page.getByTestId("turns-changed");
  await expect(turnsChanged).toHaveText(/^0 of \d/);

  // A value out of order is named next to its field; fixing it brings the preview back.
  await editor.getByLabel("Fair ≥").fill("0.7");
  await expect(editor.getByText("Good must be above Fair")).toBeVisible();
  await expect(editor.getByRole("button", { name: /^Save as version/ })).toBeDisabled();
  await editor.getByLabel("Fair ≥").fill("0.5");

  await editor.getByLabel("Good ≥").fill("0.7");
  await expect(turnsChanged).not.toHaveText(/^0 of/);
  await expect(turnsChanged).toHaveText(/^\d+ of \d+/);
  const changed = Number((await turnsChanged.textContent())!.split(" ")[0]);
  expect(changed).toBeGreaterThanOrEqual(5); // the seeded turns scored 0.65 … 0.69 at least
  await expect(page.getByRole("row", { name: /Cohen's κ, quadratic/ })).toBeVisible();

  // Saving without a note is refused, with the reason next to the note.
  const save = editor.getByRole("button", { name: /^Save as version \d+$/ });
  const version = Number((await save.textContent())!.match(/\d+$/)![0]);
  await save.click();
  await expect(editor.getByText("Write a note: what changed and why")).toBeVisible();
  await editor.getByLabel("Note").fill("e2e: Good needs 0.70");
  await save.click();

  await expect(editor.getByRole("status").filter({ hasText: `Saved version ${version}.` })).toBeVisible();
  const row = page.getByRole("row", { name: `Version ${version}`, exact: true });
  await expect(row).toContainText("e2e: Good needs 0.70");
  await expect(row).toContainText("Good ≥ 0.65 → 0.7");
  await expect(row).toContainText("Active");
  await expect(page.getByRole("heading", { name: `Preview: draft against version ${version}` })).toBeVisible();
  await expect(turnsChanged).toHaveText(/^0 of \d/);

  // Pages showing a quality level follow the active version: with Good ≥ 0.70 the session is Fair.
  if (qualityBefore !== null) {
    expect(qualityBefore).toBe("Good");
    expect(await sessionQuality(page)).toBe("Fair");
    await page.goto("/settings/thresholds");
  } else {
    test.info().annotations.push({ type: "note", description: "the session page shows no quality level yet; not checked there" });
  }

  // Back to the seed's values, as a new version.
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByRole("dialog", { name: "Restore version 1?" })).toContainText(/κ_w (goes from|stays at)/);
  await page.getByRole("button", { name: "Yes, restore version 1" }).click();
  const restored = page.getByRole("row", { name: `Version ${version + 1}`, exact: true });
  await expect(restored).toContainText("Restored version 1");
  await expect(restored).toContainText("Good ≥ 0.7 → 0.65");
  await expect(editor.getByLabel("Good ≥")).toHaveValue("0.65");
  expect(await isSeedActive()).toBe(true);
});

test.afterAll(async ({ browser }) => {
  if (await isSeedActive()) return;
  // The test failed half-way: restore the seed's values for the specs that follow.
  const page = await browser.newPage();
  const { ADMIN, signIn } = await import("./fixtures");
  await signIn(page, ADMIN);
  await page.goto("/settings/thresholds");
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await page.getByRole("button", { name: "Yes, restore version 1" }).click();
  await expect.poll(isSeedActive).toBe(true);
  await page.close();
});
