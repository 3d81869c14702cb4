import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseLogLine, parseLogValue } from "./parse-log-line";

const example = JSON.parse(readFileSync(new URL("./fixtures/seed-002-example.json", import.meta.url), "utf8"));

describe("parseLogLine", () => {
  it("accepts the seed's example record, keeping the object as given", () => {
    const text = JSON.stringify({ ...example, orchestrator_build: "2025.10" });

    const parsed = parseLogLine(text, 1);

    expect(parsed.kind).toBe("record");
    if (parsed.kind !== "record") return;
    expect(parsed.record.persona).toEqual(example.persona);
    expect(parsed.record.evaluation_metrics?.overall_score).toBe(0.74);
    expect(parsed.value).toEqual({ ...example, orchestrator_build: "2025.10" });
  });

  it("accepts a record with only a persona id and a response, and nulls where Python writes None", () => {
    const parsed = parseLogLine('{"persona":{"id":"thesis","role":null},"response":"","evaluation_metrics":null,"depth_index":null}', 4);

    expect(parsed.kind).toBe("record");
  });

  it("reads a session header line", () => {
    const parsed = parseLogLine('{"type":"session","session_id":"s1","seed_prompt":"Why?","model":"x"}', 1);

    expect(parsed).toEqual({
      kind: "header",
      header: { type: "session", session_id: "s1", seed_prompt: "Why?", model: "x" },
      value: { type: "session", session_id: "s1", seed_prompt: "Why?", model: "x" },
      line: 1,
      path: "",
    });
  });

  it("names every wrong field with its JSON path and the line, the value found there and what was expected", () => {
    const parsed = parseLogLine('{"persona":{"id":""},"response":3,"timestamp":"yesterday","evaluation_metrics":{"length":{"length_score":"high"}}}', 7);

    expect(parsed).toEqual({
      kind: "invalid",
      problems: [
        { line: 7, path: "timestamp", message: "expected an ISO 8601 date-time such as 2025-10-12T10:30:45.123Z", found: '"yesterday" (text)', expected: "an ISO 8601 date-time such as 2025-10-12T10:30:45.123Z" },
        { line: 7, path: "persona.id", message: "must not be empty", found: "empty text", expected: "text of at least 1 character" },
        { line: 7, path: "response", message: "Invalid input: expected string, received number", found: "3 (a number)", expected: "text" },
        { line: 7, path: "evaluation_metrics.length.length_score", message: "Invalid input: expected number, received string", found: '"high" (text)', expected: "a number" },
        { line: 7, path: "evaluation_metrics.overall_score", message: "Invalid input: expected number, received undefined", found: "nothing (the field is missing)", expected: "a number" },
      ],
    });
  });

  it("says when a line is not JSON or not an object", () => {
    expect(parseLogLine("{oops", 2)).toEqual({ kind: "invalid", problems: [{ line: 2, path: "", message: expect.stringMatching(/^not valid JSON \(/) }] });
    expect(parseLogLine("[1,2]", 3)).toEqual({ kind: "invalid", problems: [{ line: 3, path: "", message: "expected a JSON object" }] });
  });

  it("refuses text PostgreSQL cannot store: U+0000 and unpaired surrogates", () => {
    const nul = parseLogLine('{"persona":{"id":"thesis"},"response":"a\\u0000b"}', 5);
    const surrogate = parseLogLine('{"persona":{"id":"thesis"},"response":"ok","phase":{"notes":["\\ud800"]}}', 6);

    expect(nul).toMatchObject({ kind: "invalid", problems: [{ line: 5, path: "response" }] });
    expect(surrogate).toMatchObject({ kind: "invalid", problems: [{ line: 6, path: "phase.notes[0]" }] });
  });

  it("prefixes paths with the record's place in a JSON body", () => {
    expect(parseLogValue({ persona: { id: "x" } }, null, "records[3]")).toEqual({
      kind: "invalid",
      problems: [{ line: null, path: "records[3].response", message: "Invalid input: expected string, received undefined", found: "nothing (the field is missing)", expected: "text" }],
    });
  });
});

describe("parseLogLine on hostile input", () => {
  it("refuses JSON nested deeper than the cap, before anything recurses into it", () => {
    const deep = `{"persona":{"id":"thesis"},"response":"x","phase":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;

    expect(parseLogLine(deep, 3)).toEqual({ kind: "invalid", problems: [{ line: 3, path: "", message: "JSON nested more than 64 levels deep" }] });
  });

  it("refuses an impossible timestamp instead of rolling it over to March", () => {
    const parsed = parseLogLine('{"persona":{"id":"thesis"},"response":"x","timestamp":"2026-02-30T10:00:00Z"}', 4);

    expect(parsed).toEqual({ kind: "invalid", problems: [{ line: 4, path: "timestamp", message: "not a real date-time: 2026-02-30 is not a day of the calendar", found: '"2026-02-30T10:00:00Z" (text)' }] });
  });
});

describe("formatProblem", () => {
  it("says what was found and expected when it is known, else the raw message", async () => {
    const { formatProblem } = await import("./problems");
    expect(formatProblem({ line: 4, path: "evaluation_metrics.overall_score", message: "Invalid input: expected number, received string", found: '"0.7" (text)', expected: "a number" })).toBe(
      'line 4, evaluation_metrics.overall_score: expected a number, found "0.7" (text)',
    );
    expect(formatProblem({ line: 4, path: "timestamp", message: "not a real date-time: 2026-02-30 is not a day of the calendar", found: '"2026-02-30" (text)' })).toBe(
      "line 4, timestamp: not a real date-time: 2026-02-30 is not a day of the calendar",
    );
  });
});
