import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

const FIXTURES = path.join(import.meta.dirname, "..", "lib", "ingest", "sources", "fixtures");

test("an admin previews a Langfuse export, sees what was understood, imports it, and opens the session", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/import");
  const panel = page.getByRole("region", { name: "From another tool" });
  await panel.getByLabel("Tool").selectOption("langfuse");
  await panel.getByLabel("Judge name (optional)").fill(`e2e-langfuse-${Date.now()}`);
  await panel.getByLabel("Export file").setInputFiles({ name: "langfuse-scores.json", mimeType: "application/json", buffer: readFileSync(path.join(FIXTURES, "langfuse-scores.json")) });

  await expect(panel.getByRole("heading", { name: "What Concord read in langfuse-scores.json" })).toBeVisible();
  const criteria = panel.getByRole("table", { name: "Criteria" });
  await expect(criteria.getByRole("row", { name: /correct binary \[false, true\] positive true the source 1 1/ })).toBeVisible();
  await expect(criteria.getByRole("row", { name: /tone categorical \[casual, formal\] the source 1 2/ })).toBeVisible();
  await expect(panel).toContainText("user-ana (3), user-ben (3)");
  await expect(panel).toContainText("1 item without a judge value: tr-d (tone)");
  await expect(panel).toContainText("Importing stores 5 turns and 6 ratings.");
  await page.setViewportSize({ width: 390, height: 900 });
  await panel.screenshot({ path: "test-results/native-import-preview-390.png" });
  await page.setViewportSize({ width: 1440, height: 900 });
  await panel.screenshot({ path: "test-results/native-import-preview-1440.png" });

  await panel.getByRole("button", { name: "Import langfuse-scores.json" }).click();
  await expect(panel.getByRole("status")).toContainText("Imported 1 session / 5 turns / 6 ratings");
  await panel.getByRole("link", { name: "Open the imported session" }).click();
  await expect(page).toHaveURL(/\/sessions\/sha256%3A[0-9a-f]+$/);
});

test("a file that mixes two tools' records is refused with the line named", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/import");
  const panel = page.getByRole("region", { name: "From another tool" });
  await panel.getByLabel("Export file").setInputFiles({ name: "mixed.jsonl", mimeType: "application/x-ndjson", buffer: readFileSync(path.join(FIXTURES, "mixed-langfuse-langsmith.jsonl")) });
  await expect(panel.getByRole("alert")).toContainText("Nothing was imported");
  await expect(panel.getByRole("row", { name: /^3 the whole line — this is a LangSmith record, but the file was read as Langfuse/ })).toBeVisible();
});

test("the live pull form names what is missing before anything is fetched", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/import");
  const form = page.getByRole("region", { name: "Pull from a live tool" });
  await form.getByLabel("Tool").selectOption("label-studio");
  await form.getByLabel("Address").fill("ftp://example.com");
  await form.getByLabel("Project number").fill("seven");
  await form.getByRole("button", { name: "Start the pull" }).click();
  await expect(form.getByText("an http(s) address")).toBeVisible();
  await expect(form.getByText("the project's number")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await form.screenshot({ path: "test-results/live-pull-390.png" });
});
