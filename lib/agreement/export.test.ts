import { describe, expect, it } from "vitest";
import { buildAgreementReport } from "./build-report";
import { figureRows, figuresCsv } from "./export-figures";
import { csvCell, PAIR_COLUMNS, pairRows, pairsCsv } from "./export-pairs";
import { SCORE_OF_LEVEL, SEED_CUTOFFS, testData } from "./test-data";

const data = testData([
  { ratings: [["a", 1], ["b", 2]], score: SCORE_OF_LEVEL[2], persona: "the, \"quoted\" one", day: 20_454, importId: 3 },
  { ratings: [["a", 4]], score: 0.1 + 0.2, adjudicated: 3 },
]);

const SESSION_KEYS = new Map([[100, "run 100/a"]]);

describe("pairs export", () => {
  it("writes one row per unit with the session's own id, the human level, the ratings and the judge's score and level", () => {
    const { pairs } = buildAgreementReport(data, SEED_CUTOFFS);
    expect(pairRows(pairs, SESSION_KEYS)).toEqual([
      { turn_id: 1, session_id: "run 100/a", persona: 'the, "quoted" one', criterion: "overall", human_level: 1, n_ratings: 2, median_level: 1, adjudicated_level: null, rating_levels: "1 2", judge_score: 0.55, judge_level: 2, word_count: 50, turn_date: "2026-01-01", import_id: 3 },
      { turn_id: 2, session_id: "run 100/a", persona: "thesis", criterion: "overall", human_level: 3, n_ratings: 1, median_level: 4, adjudicated_level: 3, rating_levels: "4", judge_score: 0.30000000000000004, judge_level: 1, word_count: 50, turn_date: "2026-01-01", import_id: null },
    ]);
  });

  it("quotes text with commas or quotes and keeps every digit of a score", () => {
    const { pairs } = buildAgreementReport(data, SEED_CUTOFFS);
    const lines = pairsCsv(pairs, SESSION_KEYS).trimEnd().split("\n");
    expect(lines[0]).toBe(PAIR_COLUMNS.join(","));
    expect(lines[1]).toBe('1,run 100/a,"the, ""quoted"" one",overall,1,2,1,,1 2,0.55,2,50,2026-01-01,3');
    expect(lines[2]).toContain(",0.30000000000000004,");
  });

  it("leaves empty cells for missing values and quotes leading or trailing spaces", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(" x")).toBe('" x"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
  });

  it("defuses text a spreadsheet would run as a formula, and leaves numbers alone", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(["+1", "-cmd", "@SUM(A1)", "\tx"].map(csvCell)).toEqual(["'+1", "'-cmd", "'@SUM(A1)", "'\tx"]);
    expect(csvCell(-0.25)).toBe("-0.25");
    expect(csvCell("thesis")).toBe("thesis");
  });
});

describe("figures export", () => {
  it("has the headline κ with its interval and the correlations with their p-values, unrounded", () => {
    const { report } = buildAgreementReport(testData(Array.from({ length: 12 }, (_, i) => ({ ratings: [["a", (i % 4) + 1] as [string, number]], score: 0.1 + 0.07 * i }))), SEED_CUTOFFS);
    const rows = figureRows(report);
    const kappa = rows.find((r) => r.section === "headline" && r.metric === "kappa_quadratic");
    expect(kappa).toMatchObject({ value: report.headline.kappa.quadratic.value, ci_low: report.headline.kappa.quadratic.ci?.[0] ?? null, n: 12 });
    const rho = rows.find((r) => r.section === "headline" && r.metric === "spearman");
    expect(rho).toMatchObject({ value: report.headline.spearman.value, p_value: report.headline.spearman.pValue });
    expect(figuresCsv(report).split("\n")[0]).toBe("section,group,metric,value,ci_low,ci_high,p_value,n");
  });
});
