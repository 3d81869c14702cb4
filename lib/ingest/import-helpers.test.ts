import { describe, expect, it } from "vitest";
import { isJsonDocument } from "./detect-log-layout";
import { describeImportResult, type ImportResult } from "./import-result";
import { genericFieldsFromQuery, genericFieldsSchema, importSearchParams, readImportQuery } from "./import-options.schema";
import { formatJsonPath } from "./json-path";
import { pairSummaryFiles } from "./pair-summary-files";
import { formatProblemReport } from "./problems";

describe("formatJsonPath", () => {
  it("writes identifiers with dots, indexes in brackets and other keys quoted", () => {
    expect(formatJsonPath(["records", 3, "persona", "id"])).toBe("records[3].persona.id");
    expect(formatJsonPath(["phase", "odd key"], "records[0]")).toBe('records[0].phase["odd key"]');
  });
});

describe("formatProblemReport", () => {
  it("writes one line per problem and counts the ones left out", () => {
    expect(formatProblemReport({ problems: [{ line: 3, path: "persona.id", message: "required" }, { line: null, path: "", message: "no turns" }], omitted: 1 })).toEqual([
      "line 3, persona.id: required",
      "no turns",
      "… and 1 more problem",
    ]);
  });
});

describe("importSearchParams and readImportQuery", () => {
  it("round-trip the import page's options", () => {
    const generic = genericFieldsSchema.parse({ itemField: "qid", humanFields: ["h1", "h2"], judgeName: "gpt" });

    const params = importSearchParams({ replace: true, sessionId: "s1", generic });
    const read = readImportQuery(params);

    expect(params.toString()).toBe(
      "replace=true&session_id=s1&generic=true&item_field=qid&text_field=text&group_field=group_id&dimension_field=dimension&judge_field=judge_score&annotator_field=annotator&judge_name=gpt&human_field=h1&human_field=h2",
    );
    expect(read).toMatchObject({ query: { replace: true, generic: true, session_id: "s1", item_field: "qid", human_field: ["h1", "h2"], judge_name: "gpt" } });
  });

  it("round-trip criterion types, the confidence field and a dry run", () => {
    const generic = genericFieldsSchema.parse({ criterionTypes: ["s=binary:pass", "c=categorical:b,a"], confidenceField: "p" });

    const params = importSearchParams({ replace: false, generic, isDryRun: true });
    const read = readImportQuery(params);

    expect(params.getAll("criterion_type")).toEqual(["s=binary:pass", "c=categorical:b,a"]);
    expect(read).toMatchObject({ query: { dry_run: true, confidence_field: "p", criterion_type: ["s=binary:pass", "c=categorical:b,a"] } });
    expect("query" in read && genericFieldsFromQuery(read.query)).toEqual({ fields: generic });
  });

  it("round-trip the generator model field and the judge's model", () => {
    const generic = genericFieldsSchema.parse({ generatorModelField: "written_by", judgeModel: "gpt-4o-mini" });

    const params = importSearchParams({ replace: false, generic });
    const read = readImportQuery(params);

    expect(params.get("generator_model_field")).toBe("written_by");
    expect(params.get("judge_model")).toBe("gpt-4o-mini");
    expect("query" in read && genericFieldsFromQuery(read.query)).toEqual({ fields: generic });
    // The default field is left out of the URL and read back as the default.
    expect(importSearchParams({ replace: false, generic: genericFieldsSchema.parse({}) }).has("generator_model_field")).toBe(false);
  });

  it("names a bad criterion_type parameter", () => {
    const read = readImportQuery(new URLSearchParams("generic=true&criterion_type=s%3Dlikert"));

    expect("query" in read && genericFieldsFromQuery(read.query)).toEqual({
      problems: [{ line: null, path: "?criterion_type", message: 'unknown type "likert" for criterion "s" (one of ordinal, binary, categorical, multilabel, numeric)' }],
    });
  });

  it("reads absent flags as false and refuses other values, naming the parameter", () => {
    expect(readImportQuery(new URLSearchParams(""))).toEqual({ query: { replace: false, generic: false } });
    expect(readImportQuery(new URLSearchParams("replace=yes"))).toMatchObject({ problems: [{ line: null, path: "?replace" }] });
  });
});

describe("pairSummaryFiles", () => {
  it("puts each summary with the log of the same name and reports the others", () => {
    const files = [{ name: "a.jsonl" }, { name: "b.summary.json" }, { name: "a.summary.json" }, { name: "c.json" }];

    expect(pairSummaryFiles(files)).toEqual({
      pairs: [
        { file: { name: "a.jsonl" }, summary: { name: "a.summary.json" } },
        { file: { name: "c.json" }, summary: null },
      ],
      unpaired: [{ name: "b.summary.json" }],
    });
  });
});

describe("isJsonDocument", () => {
  it("reads .jsonl as lines, and other files as one document unless the first line is an object", () => {
    expect(isJsonDocument("x.jsonl", "{")).toBe(false);
    expect(isJsonDocument("x.json", "{")).toBe(true);
    expect(isJsonDocument("x.json", '{"persona":{"id":"t"},"response":""}')).toBe(false);
    expect(isJsonDocument(null, "[{}, {}]")).toBe(true);
  });
});

describe("describeImportResult", () => {
  const session = { id: 1, externalId: "s1", status: "created" as const, turnCount: 9, summaryDifferences: null };

  it("says what was imported, replaced, left alone and where a summary differs", () => {
    const result: ImportResult = {
      status: "created",
      importId: 5,
      sessions: [session, { ...session, id: 2, externalId: "s2", status: "replaced", summaryDifferences: [{ path: "total_turns", imported: 3, recomputed: 2 }] }, { ...session, id: 3, externalId: "s3", status: "unchanged" }],
      turnCount: 18,
      ratingCount: 0,
    };

    expect(describeImportResult(result)).toBe("imported 2 sessions / 18 turns; 1 replaced; 1 already imported; summary of s2 differs from Concord's in total_turns");
  });

  it("says already imported, naming the sessions", () => {
    expect(describeImportResult({ status: "already_imported", importId: null, sessions: [{ ...session, status: "unchanged" }], turnCount: 0, ratingCount: 0 })).toBe(
      "already imported (session s1)",
    );
  });
});
