// What a log import reads: JSONL/NDJSON bytes (a file, an NDJSON body), or the records of a
// JSON body. Each pass of the import walks it through readLogItems.
import { plainIssue } from "./plain-issue";
import { logEnvelopeSchema, sessionSummarySchema, type ImportedSummary } from "./log-record.schema";
import { formatJsonPath } from "./json-path";
import { invalid, parseLogLine, parseLogValue, type ParsedLogEntry } from "./parse-log-line";
import type { ImportProblem } from "./problems";
import { readLines, type ByteSource } from "./read-lines";

export type LogInput =
  | { kind: "ndjson"; source: ByteSource }
  /** `pathPrefix` names the records' place in the body ("records" for an envelope, "" for a bare array). */
  | { kind: "json"; values: readonly unknown[]; pathPrefix: string | null };

/** `raw` is the item's JSON text as given; `line` its line in a JSONL input. */
export type LogItem = { entry: ParsedLogEntry; raw: string };

export async function* readLogItems(input: LogInput): AsyncGenerator<LogItem> {
  if (input.kind === "ndjson") {
    for await (const { line, text, problem } of readLines(input.source())) {
      if (problem !== undefined) yield { entry: invalid(line, "", problem), raw: "" };
      else if (text.trim() !== "") yield { entry: parseLogLine(text, line), raw: text };
    }
    return;
  }
  const { values, pathPrefix } = input;
  for (let i = 0; i < values.length; i++) {
    const prefix = pathPrefix === null ? "" : `${pathPrefix}[${i}]`;
    yield { entry: parseLogValue(values[i], null, prefix), raw: JSON.stringify(values[i]) };
  }
}

export type JsonLogBody = {
  input: LogInput;
  sessionId: string | null;
  seedPrompt: string | null;
  summary: unknown;
};

/**
 * A JSON body: one record, an array of records, or `{session_id?, seed_prompt?, records, summary?}`.
 * Problems with the envelope itself come back as problems, like a bad line would.
 */
export function readJsonLogBody(value: unknown): { body: JsonLogBody } | { problems: ImportProblem[] } {
  if (Array.isArray(value)) return { body: { input: { kind: "json", values: value, pathPrefix: "" }, sessionId: null, seedPrompt: null, summary: undefined } };
  if (typeof value === "object" && value !== null && "records" in value) {
    const parsed = logEnvelopeSchema.safeParse(value);
    if (!parsed.success) {
      return { problems: parsed.error.issues.map((issue) => ({ line: null, path: formatJsonPath(issue.path), message: issue.message, ...plainIssue(issue, value) })) };
    }
    const { records, session_id, seed_prompt, summary } = parsed.data;
    return {
      body: { input: { kind: "json", values: records, pathPrefix: "records" }, sessionId: session_id ?? null, seedPrompt: seed_prompt ?? null, summary },
    };
  }
  return { body: { input: { kind: "json", values: [value], pathPrefix: null }, sessionId: null, seedPrompt: null, summary: undefined } };
}

/** Validates a summary (seed 002 §6.2); `path` names where it came from ("summary", a file name). */
export function parseSummary(value: unknown, path: string): { summary: ImportedSummary } | { problems: ImportProblem[] } {
  const parsed = sessionSummarySchema.safeParse(value);
  if (parsed.success) return { summary: parsed.data };
  return { problems: parsed.error.issues.map((issue) => ({ line: null, path: formatJsonPath(issue.path, path), message: issue.message, ...plainIssue(issue, value) })) };
}
