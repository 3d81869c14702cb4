import { describe, expect, it } from "vitest";
import { parseImportOptions, UsageError } from "./import-options.ts";
import { ProgressBar } from "./import-progress.ts";

describe("parseImportOptions", () => {
  it("reads log options for several files", () => {
    expect(parseImportOptions(["a.jsonl", "b.jsonl", "--seed-prompt", "Why?", "--session-id", "s1", "--replace"])).toEqual({
      files: ["a.jsonl", "b.jsonl"],
      summary: null,
      log: { sessionId: "s1", seedPrompt: "Why?", replace: true },
      generic: null,
    });
  });

  it("fills the generic field defaults and keeps repeated human fields", () => {
    expect(parseImportOptions(["--generic", "d.csv", "--human-field", "h1", "--human-field", "h2", "--judge-name", "gpt"])).toMatchObject({
      generic: { itemField: "item_id", textField: "text", groupField: "group_id", dimensionField: "dimension", judgeField: "judge_score", humanFields: ["h1", "h2"], annotatorField: "annotator", judgeName: "gpt" },
    });
  });

  it("reads criterion types, the confidence field and --dry-run for generic data", () => {
    expect(parseImportOptions(["--generic", "d.csv", "--criterion-type", "safety=binary:pass", "--criterion-type", "n=numeric:0:10", "--confidence-field", "p", "--dry-run"])).toMatchObject({
      isDryRun: true,
      generic: {
        confidenceField: "p",
        criterionTypes: [
          { criterion: "safety", type: "binary", labels: null, positive: "pass", range: null },
          { criterion: "n", type: "numeric", labels: null, positive: null, range: { min: 0, max: 10 } },
        ],
      },
    });
  });

  it.each([
    [[], "name at least one FILE to import"],
    [["a.jsonl", "--dry-run"], "--dry-run needs --generic"],
    [["--generic", "a.csv", "--criterion-type", "s=likert"], '--criterion-type: unknown type "likert" for criterion "s"'],
    [["a.jsonl", "b.jsonl", "--summary", "s.json"], "--summary belongs to one file; import the files one at a time"],
    [["a.csv", "--human-field", "h"], "--human-field needs --generic"],
    [["--generic", "a.csv", "--seed-prompt", "x"], "--seed-prompt is not used with --generic"],
    [["a.jsonl", "--session-id", " "], "--session-id: must not be empty"],
    [["a.jsonl", "--nope"], "Unknown option '--nope'"],
  ])("refuses %j: %s", (args, message) => {
    expect(() => parseImportOptions(args)).toThrow(UsageError);
    expect(() => parseImportOptions(args)).toThrow(message);
  });
});

describe("ProgressBar", () => {
  it("draws on a terminal, labelled with the pass, and clears the line at the end", async () => {
    let written = "";
    const stream = { isTTY: true, write: (text: string) => ((written += text), true) } as unknown as NodeJS.WriteStream;
    const bar = new ProgressBar("run.jsonl", stream);
    const source = bar.track(async function* () {
      yield new Uint8Array(50);
      yield new Uint8Array(50);
    }, 100);

    for await (const _ of source()) void _;
    bar.clear();

    expect(written).toContain(`\r[${"#".repeat(28)}] 100% validating run.jsonl`);
    expect(written.endsWith("\r\x1b[K")).toBe(true);
  });

  it("stays silent when stderr is not a terminal", () => {
    const bar = new ProgressBar("x", { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream);
    const source = async function* () {};

    expect(bar.track(source, 10)).toBe(source);
  });
});
