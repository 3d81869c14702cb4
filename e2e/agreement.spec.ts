import { expect, test } from "./fixtures";
import { seedAgreement, type SeededAgreement } from "./support/agreement-data";

const SECTIONS = [
  "Judge against humans",
  "Human ceiling",
  "Where they differ",
  "By persona and criterion",
  "Agreement over time",
  "Disagreements",
  "Raters",
  "Bias checks",
  "Pairwise comparisons",
  "Export",
];

let seeded: SeededAgreement;

test.beforeAll(async () => {
  seeded = await seedAgreement();
});

const reportPath = () => `/agreement?judge=${encodeURIComponent(seeded.judge)}&judgeVersion=${seeded.judgeVersion}`;

test("a viewer sees every section of the report for the chosen judge", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto(reportPath());

  await expect(page.getByRole("heading", { level: 1, name: "Agreement" })).toBeVisible();
  for (const name of SECTIONS) await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page.getByText(/^72 pairs · judge/)).toContainText(seeded.judge);
  const headline = page.getByRole("region", { name: "Judge against humans" });
  await expect(headline.getByRole("term")).toContainText(["Pairs (n)", "Raw agreement", "Cohen's κ", "κ linear", "κ quadratic", "Spearman ρ", "Kendall τ-b"]);
  await expect(headline.getByRole("definition").first()).toContainText("72");

  const confusion = page.getByRole("table", { name: /Rows: human level/ });
  await expect(confusion.getByRole("rowheader")).toHaveText(["Poor", "Fair", "Good", "Excellent", "All"]);
  await expect(confusion.getByRole("row").last()).toContainText("72");
  await expect(page.locator(".recharts-scatter-symbol").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Where they differ" }).locator("svg").getByText("Good ≥ 0.65", { exact: true })).toBeVisible();

  await expect(page.getByRole("table", { name: "Per persona", exact: true }).getByRole("rowheader")).toHaveText([new RegExp(seeded.personas.close), new RegExp(seeded.personas.far)]);
  await expect(page.getByRole("table", { name: "Per week", exact: true })).toBeVisible();
  // Every week keeps a label on the chart's axis, the first one included ("02 Feb" for "Week of 02 Feb 2026").
  const firstWeek = (await page.getByRole("table", { name: "Per week", exact: true }).getByRole("rowheader").first().textContent())!;
  const firstTick = firstWeek.match(/(\d\d \w{3}) \d{4}/)![1];
  await expect(page.getByRole("region", { name: "Agreement over time" }).getByRole("application").getByText(firstTick, { exact: true })).toBeVisible();
  await page.getByRole("radio", { name: "By import" }).click();
  await expect(page).toHaveURL(/by=import/);
  await expect(page.getByRole("table", { name: "Per import", exact: true })).toBeVisible();

  const raters = page.getByRole("region", { name: "Raters" });
  await expect(raters.getByRole("rowheader")).toHaveCount(2);
  await expect(raters).toContainText("annotator-a-");
  await expect(page.getByRole("region", { name: "Pairwise comparisons" }).getByRole("definition").first()).toContainText("12");
  await expect(page.getByRole("region", { name: "Pairwise comparisons" })).toContainText("Agreement when the order changed the verdict");
  const firstTurn = page.getByRole("region", { name: "Disagreements" }).getByRole("link", { name: /^Turn \d+/ }).first();
  await expect(firstTurn).toHaveAttribute("href", new RegExp(`^/sessions/${encodeURIComponent(seeded.judge)}(\\?page=\\d+)?#turn-\\d+$`));
  await expect(page.getByRole("button", { name: "Adjudicate" })).toHaveCount(0);
  await expect(page.getByText("Adjudicate", { exact: true })).toHaveCount(0);
});

test("changing the scope changes the URL and the figures, and warns when too few pairs remain", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto(reportPath());
  const summary = page.getByText(/ pairs · judge/);
  await expect(summary).toContainText("72 pairs");
  const kappa = page.getByRole("region", { name: "Judge against humans" }).getByRole("definition").nth(2);
  const kappaForAll = (await kappa.textContent()) ?? "";

  await page.getByLabel("Persona", { exact: true }).selectOption(seeded.personas.close);
  await expect(page).toHaveURL(new RegExp(`persona=${seeded.personas.close}`));
  await expect(summary).toContainText("48 pairs");
  await expect(kappa).not.toHaveText(kappaForAll);
  const headline = page.getByRole("region", { name: "Judge against humans" });
  await expect(headline.getByText(/κ needs 30 or more/)).toHaveCount(0);

  await page.getByLabel("Persona", { exact: true }).selectOption(seeded.personas.far);
  await expect(summary).toContainText("24 pairs");
  await expect(headline.getByText("Only 24 pairs: κ needs 30 or more to mean much.").first()).toBeVisible();

  await page.getByLabel("From", { exact: true }).fill("2026-02-16");
  await expect(page).toHaveURL(/from=2026-02-16/);
  await expect(summary).toContainText("from 16 Feb 2026");

  await page.goBack();
  await expect(summary).toContainText("24 pairs");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/agreement$/);
});

test("the exports hold the pairs behind the figures", async ({ page, signInAs }) => {
  await signInAs("viewer");
  await page.goto(reportPath());
  const link = page.getByRole("region", { name: "Export" }).getByRole("link", { name: "CSV" }).nth(1);
  const href = (await link.getAttribute("href"))!;
  expect(href).toContain("what=pairs");
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  const lines = (await response.text()).trimEnd().split("\n");
  expect(lines[0]).toMatch(/^turn_id,session_id,persona,criterion,human_level,n_ratings/);
  expect(lines).toHaveLength(73);
});

test("an admin adjudicates a disputed turn and the figures follow", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto(`${reportPath()}&persona=${seeded.personas.far}`);
  const region = page.getByRole("region", { name: "Disagreements" });
  const lead = region.getByText(/turns where the judge's level differs/);
  const before = Number((await lead.textContent())!.match(/^(\d+)/)![1]);
  const item = region.getByRole("listitem").first();
  const judgeLevel = ((await item.getByRole("definition").nth(2).textContent()) ?? "").split(" ")[0];

  await item.getByText("Adjudicate", { exact: true }).click();
  await item.getByLabel("Adjudicated level").selectOption({ label: judgeLevel });
  await item.getByLabel("Note (optional)").fill("checked by hand");
  await item.getByRole("button", { name: "Record level" }).click();

  await expect(lead).toContainText(`${before - 1} turns where`);
  await expect(page.getByText(/\(1 in scope\)/)).toBeVisible();
});
