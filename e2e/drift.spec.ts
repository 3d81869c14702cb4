import { expect, test } from "./fixtures";

// The demo's judge in three prompt versions (the third worse) whose own model is of the GPT
// family, read on the agreement report: the versions table and the own-family section.

test("a viewer reads the demo judge's versions with the regression marked, and how it favours its own family, on a desktop and a phone", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/agreement?judge=demo-gpt-judge");

  const versions = page.getByRole("region", { name: "Judge versions" });
  await expect(versions).toBeVisible();
  const table = versions.getByRole("table", { name: "Versions of demo-gpt-judge, oldest first" });
  await expect(table.getByRole("rowheader")).toHaveText(["p1", "p2", "p3"]);
  // The intervals come from a background job; the table is polled until they are in. (Other specs may rate or adjudicate a few demo turns first.)
  await expect(table.getByRole("row", { name: /^p3 / })).toContainText("Regression", { timeout: 30_000 });
  await expect(table.getByRole("row", { name: /^p3 / })).toContainText("vs p2");
  await expect(table.getByRole("row", { name: /^p2 / })).toContainText("Steady");
  await expect(versions).toContainText(/3 versions measured on the same 2\d\d rated items \(60 sessions\) that every one of them scored\. The newest, p3, agrees with people less than p2 did: a regression\./);
  await expect(table.getByRole("row", { name: /^p1 / })).toContainText(/0\.\d\d to 0\.\d\d/);

  const own = page.getByRole("region", { name: "Own-family answers" });
  await expect(own).toContainText("demo-gpt-judge p3 runs on gpt-4o-mini (OpenAI GPT)");
  await expect(own).toContainText(/This judge scores its own family's answers \d\.\d\d levels higher than people do \[\d\.\d\d, \d\.\d\d\]: it favours its own family\./);
  await expect(own.getByRole("table", { name: "Mean level given, by who wrote the answer" }).getByRole("rowheader")).toHaveText([
    "Its own family (OpenAI GPT)",
    "Other families",
    "Gap (own − other)",
  ]);
  await versions.screenshot({ path: "test-results/versions-desktop.png" });
  await own.screenshot({ path: "test-results/own-family-desktop.png" });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(versions).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await versions.screenshot({ path: "test-results/versions-phone.png" });
  await own.screenshot({ path: "test-results/own-family-phone.png" });
});

test("the report without a judge named lists the judges that have several versions, and no own-family section for the heuristic judge", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto("/agreement");
  const versions = page.getByRole("region", { name: "Judge versions" });
  await expect(versions.getByRole("table", { name: "Versions of demo-gpt-judge, oldest first" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Judge against humans" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Own-family answers" })).toHaveCount(0);
});
