import { expect, test } from "./fixtures";

function jsonl(lines: object[]): Buffer {
  return Buffer.from(lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
}

function turn(sessionId: string, personaId: string, response: string) {
  return { session_id: sessionId, timestamp: "2025-10-12T10:30:45.123Z", depth_index: 1, step_index: 1, persona: { id: personaId, name: personaId, role: "Seed explorer" }, response };
}

test("an admin imports a log through the page, sees it already imported the second time, and reads a bad file's problems", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
  const sessionId = `e2e-import-${Date.now()}`;
  const log = { name: "run.jsonl", mimeType: "application/x-ndjson", buffer: jsonl([turn(sessionId, "thesis", "We explore growth."), turn(sessionId, "antithesis", "But what is the risk?")]) };
  const imports = page.getByRole("list", { name: "Imports" });

  await page.getByLabel("Files to import").setInputFiles(log);

  await expect(imports.getByRole("listitem").first()).toContainText("Imported 1 session / 2 turns.");
  await expect(imports.getByRole("link", { name: sessionId })).toBeVisible();

  await page.getByLabel("Files to import").setInputFiles(log);

  await expect(imports.getByRole("listitem").first()).toContainText(`Already imported (session ${sessionId}).`);

  const bad = { name: "bad.jsonl", mimeType: "application/x-ndjson", buffer: jsonl([turn(`${sessionId}-bad`, "thesis", "fine"), { response: "no persona" }]) };
  await page.getByLabel("Files to import").setInputFiles(bad);

  const row = imports.getByRole("listitem").first();
  await expect(row.getByRole("alert")).toContainText("Nothing was imported: bad.jsonl has a problem.");
  await expect(row.getByRole("row", { name: /^2 persona nothing \(the field is missing\) an object/ })).toBeVisible();
});
