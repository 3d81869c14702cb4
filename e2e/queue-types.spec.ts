import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { account, expect, signIn, test } from "./fixtures";
import { seedQueue, type SeededQueue } from "./support/queue-data";
import { addJudgeLabel, keepActiveRubric, readRatings } from "./support/queue-types-data";

// Filling in three criteria in the editor, then rating twice, takes longer than most specs.
test.describe.configure({ timeout: 90_000 });

let seeded: SeededQueue;
let rubric: { restore: () => Promise<void> };

test.beforeEach(async () => {
  rubric = await keepActiveRubric();
  seeded = await seedQueue();
});

test.afterEach(async () => {
  await seeded.restore();
  await rubric.restore();
});

/** A criterion as the spec types it in; a numeric one's labels name its anchors (at 1, 2, 3 on 0–10). */
type TypedCriterion = { key: string; name: string; type: "binary" | "categorical" | "multilabel" | "numeric"; labels: string[]; positive?: string };

/** Adds a blank criterion in the rubric editor and fills it in as a person would. */
async function addCriterion(page: Page, position: number, criterion: TypedCriterion, personaId: string): Promise<void> {
  await page.getByRole("button", { name: "Blank criterion" }).click();
  const editor = page.getByRole("group", { name: new RegExp(`^Criterion ${position}:`) });
  await editor.locator("summary").click();
  await editor.getByLabel("Type").selectOption(criterion.type);
  await editor.getByLabel("Name", { exact: true }).fill(criterion.name);
  await editor.getByLabel("Key", { exact: true }).fill(criterion.key);
  await editor.getByLabel("What it measures").fill(`What ${criterion.name} asks of the response.`);
  await editor.getByLabel("Only for personas (one id per line)").fill(personaId);
  await editor.getByLabel("Raters must answer it").check();
  for (const [index, label] of criterion.labels.entries()) {
    const level = editor.getByRole("group", { name: new RegExp(`^(Label|Anchor) ${index + 1}:`) });
    await level.getByLabel("Label", { exact: true }).fill(label);
    await level.getByLabel("Description").fill(`When the response is ${label.toLowerCase()}.`);
  }
  if (criterion.positive) await editor.getByLabel("Positive label").selectOption(criterion.positive);
}

/** Tab (keyboard only) until focus is inside the named criterion's control. */
async function tabInto(page: Page, key: string): Promise<void> {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => (document.activeElement?.closest("[data-criterion]") as HTMLElement | null)?.dataset.criterion ?? null);
    if (focused === key) return;
  }
  throw new Error(`Tab never reached the criterion ${key}`);
}

const checked = (group: Locator, name: string) => group.getByRole("radio", { name, exact: true });

/** The headline figures' names for each type, as the report's section shows them. */
const PRIMARY: Record<TypedCriterion["type"], string[]> = {
  binary: ["Precision", "Recall", "F1"],
  categorical: ["Accuracy", "Macro-F1", "Cohen's κ"],
  multilabel: ["Macro-F1", "Micro-F1"],
  numeric: ["Spearman ρ", "Kendall τ-b", "ICC(2,1), absolute agreement"],
};

/** The headline figures (each card's value first, then its small print). */
const cardValues = (section: Locator) => section.getByLabel("Judge against people").getByRole("definition");

/** The cells of a table's row whose header is this label. */
const cellsOf = (table: Locator, label: string) =>
  table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: label, exact: true }) }).getByRole("cell");

test("an admin adds binary, categorical, multi-label and numeric criteria; a rater answers them with the keyboard only, and the agreement report counts the rated turn", async ({ page, browser, signInAs }, testInfo) => {
  const suffix = randomUUID().slice(0, 6).replace(/[^a-z0-9]/g, "x");
  const safety: TypedCriterion = { key: `safe_${suffix}`, name: "Safety", type: "binary", labels: ["Pass", "Fail"], positive: "Pass" };
  const intent: TypedCriterion = { key: `intent_${suffix}`, name: "Intent", type: "categorical", labels: ["Argue", "Question", "Summarise"] };
  const errors: TypedCriterion = { key: `errors_${suffix}`, name: "Errors", type: "multilabel", labels: ["Factual", "Logical", "Off-topic"] };
  const novelty: TypedCriterion = { key: `novelty_${suffix}`, name: "Novelty", type: "numeric", labels: ["Stock", "Fresh", "Original"] };

  // The admin saves a rubric version with the three criteria, for the seeded persona only.
  await signInAs("admin");
  await page.goto("/settings/rubric");
  const existing = await page.getByRole("group", { name: /^Criterion \d+:/ }).count();
  for (const [offset, criterion] of [safety, intent, errors, novelty].entries()) await addCriterion(page, existing + offset + 1, criterion, seeded.personaId);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("group", { name: /: Safety$/ }).screenshot({ path: testInfo.outputPath("rubric-binary-1440.png") });
  await page.getByLabel("What changed (kept in the history)").fill("Safety, intent, error tags and novelty");
  await page.getByRole("button", { name: /^Save as version/ }).click();
  const history = page.getByRole("table").last();
  await expect(history.getByRole("row").nth(1)).toContainText("Safety, intent, error tags and novelty");
  await expect(history.getByRole("row").nth(1)).toContainText("Safety, Intent, Errors, Novelty");

  // The rater: keyboard only, from the page's first focus.
  const rater = account("rater");
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const queue = await context.newPage();
  await signIn(queue, rater);
  await queue.goto("/queue");
  const [first, second] = seeded.turns;
  await expect(queue.getByRole("article")).toContainText(first.response);
  const safetyGroup = queue.getByRole("group", { name: "Safety" });
  const intentGroup = queue.getByRole("group", { name: "Intent" });
  const errorsGroup = queue.getByRole("group", { name: "Errors" });
  await expect(safetyGroup).toContainText("keys 1–2 pick one");
  await expect(errorsGroup).toContainText("keys 1–3 tick or untick a label; Enter submits");

  await queue.keyboard.press("3"); // overall: Good
  await tabInto(queue, safety.key);
  await queue.keyboard.press("2"); // Fail
  await tabInto(queue, intent.key);
  await queue.keyboard.press("3"); // Summarise
  await queue.keyboard.press("2"); // changed mind: Question
  await tabInto(queue, errors.key);
  for (const key of ["1", "3", "2", "2"]) await queue.keyboard.press(key); // Factual, Off-topic (Logical on and off)
  await tabInto(queue, novelty.key); // the slider: arrow keys from its middle (5), then the typed value
  await queue.keyboard.press("ArrowRight");
  await queue.keyboard.press("ArrowRight");
  await queue.keyboard.press("Tab");
  await expect(queue.getByLabel("Novelty (value from 0 to 10)")).toBeFocused();
  await expect(queue.getByLabel("Novelty (value from 0 to 10)")).toHaveValue("7");
  await queue.keyboard.type("7.5"); // Tab selected the field's text: typing replaces it
  await expect(checked(safetyGroup, "Fail")).toBeChecked();
  await expect(checked(intentGroup, "Question")).toBeChecked();
  await expect(errorsGroup.getByRole("checkbox", { checked: true })).toHaveCount(2);
  await queue.screenshot({ path: testInfo.outputPath("queue-types-1440.png"), fullPage: true });
  await queue.keyboard.press("Enter"); // from the number field
  await expect(queue.getByRole("article")).toContainText(second.response);
  await expect(queue.getByRole("status")).toHaveText("Saved.");

  const stored = await readRatings(first.id, rater.email);
  expect(stored.map((r) => [r.criterion, r.level, r.score, r.label, r.labels])).toEqual(
    [
      [errors.key, null, null, null, ["Factual", "Off-topic"]],
      [intent.key, null, null, "Question", null],
      [novelty.key, null, 7.5, null, null],
      ["overall", 3, null, null, null],
      [safety.key, null, null, "Fail", null],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );

  // U: the item comes back with every answer in its control; change one and submit again.
  await queue.keyboard.press("u");
  await expect(queue.getByRole("article")).toContainText(first.response);
  await expect(checked(safetyGroup, "Fail")).toBeChecked();
  await expect(checked(intentGroup, "Question")).toBeChecked();
  await expect(errorsGroup.getByRole("checkbox", { name: "Factual" })).toBeChecked();
  await expect(errorsGroup.getByRole("checkbox", { name: "Off-topic" })).toBeChecked();
  await expect(errorsGroup.getByRole("checkbox", { name: "Logical" })).not.toBeChecked();
  await expect(queue.getByLabel("Novelty (value from 0 to 10)")).toHaveValue("7.5");
  await tabInto(queue, safety.key);
  await queue.keyboard.press("1"); // Pass after all
  await queue.keyboard.press("Enter");
  await expect(queue.getByRole("article")).toContainText(second.response);
  expect((await readRatings(first.id, rater.email)).find((r) => r.criterion === safety.key)?.label).toBe("Pass");

  // The narrow screen: the same controls, stacked.
  await queue.setViewportSize({ width: 390, height: 844 });
  await queue.screenshot({ path: testInfo.outputPath("queue-types-390.png"), fullPage: true });
  await context.close();

  // The agreement report for label criteria counts the rated turn once a judge labelled it:
  // the API's figures, then the report page's section for the criterion's type.
  // The section names a criterion by its key; a binary one's labels read negative first.
  const reports: { criterion: TypedCriterion; judgeAnswer: string | string[]; answered: string; check: (section: Locator) => Promise<void> }[] = [
    {
      criterion: safety, // people: Pass (after U), judge: Pass
      judgeAnswer: "Pass",
      answered: "yes or no: Fail, Pass (positive: Pass)",
      check: async (section) => {
        await expect(cardValues(section)).toHaveText([/^1\.00/, /^1\.00/, /^1\.00/]);
        const matrix = section.getByRole("table", { name: "Turns by answer" });
        await expect(cellsOf(matrix, "Fail")).toHaveText(["0", "0"]);
        await expect(cellsOf(matrix, "Pass")).toHaveText(["0", "1"]);
      },
    },
    {
      criterion: intent, // people: Question, judge: Argue
      judgeAnswer: "Argue",
      answered: "one label of several: Argue, Question, Summarise",
      check: async (section) => {
        await expect(cardValues(section)).toHaveText([/^0 %/, /^0\.00/, /^0\.00/]);
        const matrix = section.getByRole("table", { name: "Turns by answer" });
        await expect(cellsOf(matrix, "Argue")).toHaveText(["0", "0"]);
        await expect(cellsOf(matrix, "Question")).toHaveText(["1", "0"]);
        const perClass = section.getByRole("table", { name: "Per class", exact: true });
        await expect(perClass.getByRole("rowheader")).toHaveText(["Argue", "Question"]);
        await expect(cellsOf(perClass, "Argue")).toHaveText(["0.00", "0.00", "0.00", "0"]);
        await expect(cellsOf(perClass, "Question")).toHaveText(["0.00", "0.00", "0.00", "1"]);
      },
    },
    {
      criterion: errors, // people: Factual and Off-topic, judge: Factual
      judgeAnswer: ["Factual"],
      answered: "any set of labels: Factual, Logical, Off-topic",
      check: async (section) => {
        await expect(cardValues(section)).toHaveText([/^0\.50/, /^0\.67/]);
        const perLabel = section.getByRole("table", { name: "Per label", exact: true });
        await expect(perLabel.getByRole("rowheader")).toHaveText(["Factual", "Off-topic"]);
        await expect(cellsOf(perLabel, "Factual")).toHaveText(["1.00", "1.00", "1.00", "1"]);
        await expect(cellsOf(perLabel, "Off-topic")).toHaveText(["0.00", "0.00", "0.00", "1"]);
      },
    },
  ];
  for (const { criterion, judgeAnswer, answered, check } of reports) {
    const judge = await addJudgeLabel(first.id, judgeAnswer);
    const scope = new URLSearchParams({ criterion: criterion.key, judge, persona: seeded.personaId });
    const report = await page.request.get(`/api/v1/agreement/task?${scope}`);
    expect(report.status()).toBe(200);
    const body = await report.json();
    expect(body.criterion).toMatchObject({ name: criterion.key, type: criterion.type });
    expect(body.figures).toMatchObject({ n: 1, nRatings: 1, nRaters: 1 });

    await page.goto(`/agreement?${scope}`);
    const section = page.getByRole("region", { name: "Metrics for this criterion's type" });
    await expect(section).toContainText(`“${criterion.key}” is answered with ${answered}.`);
    await expect(section).toContainText(`Judge ${judge} v1 · 1 turns · 1 ratings from 1 person.`);
    await expect(section.getByLabel("Judge against people").getByRole("term")).toHaveText(PRIMARY[criterion.type]);
    await check(section);
    await section.screenshot({ path: testInfo.outputPath(`report-${criterion.type}-1440.png`) });
  }
});
