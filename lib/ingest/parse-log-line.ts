// One line (or one record of a JSON body) of an orchestrator log: a session header, a turn,
// or the problems that make it neither.
import type { z } from "zod";
import { isJsonTooDeep, TOO_DEEP_MESSAGE } from "./json-depth";
import { formatJsonPath } from "./json-path";
import { logRecordSchema, sessionHeaderSchema, type LogRecord, type SessionHeader } from "./log-record.schema";
import { plainIssue } from "./plain-issue";
import type { ImportProblem } from "./problems";

/**
 * `value` is the object as given (unknown fields and key order kept), for turns.raw and the
 * content hash. A header keeps its place (`line`, or `path` in a JSON body) so that a second,
 * different header for the same session can name both.
 */
export type ParsedLogEntry =
  | { kind: "header"; header: SessionHeader; value: Record<string, unknown>; line: number | null; path: string }
  | { kind: "record"; record: LogRecord; value: Record<string, unknown> }
  | { kind: "invalid"; problems: ImportProblem[] };

/** Parses one line of JSONL text; blank lines are skipped by the caller. */
export function parseLogLine(text: string, line: number): ParsedLogEntry {
  if (isJsonTooDeep(text)) return invalid(line, "", TOO_DEEP_MESSAGE);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalid(line, "", `not valid JSON (${(error as Error).message})`);
  }
  // Only an escape can put U+0000 or a lone surrogate into parsed JSON.
  return parseLogValue(value, line, "", text.includes("\\u"));
}

/**
 * Validates one parsed value. `pathPrefix` locates it in a JSON body ("records[3]").
 * `needsScan` asks for a scan for text PostgreSQL cannot store (U+0000, lone surrogates).
 */
export function parseLogValue(value: unknown, line: number | null, pathPrefix = "", needsScan = true): ParsedLogEntry {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return invalid(line, pathPrefix, "expected a JSON object");
  }
  if (needsScan) {
    const badPath = findUnstorableText(value, []);
    if (badPath) return invalid(line, formatJsonPath(badPath, pathPrefix), UNSTORABLE);
  }
  const object = value as Record<string, unknown>;
  if (object.type === "session") {
    const parsed = sessionHeaderSchema.safeParse(object);
    return parsed.success ? { kind: "header", header: parsed.data, value: object, line, path: pathPrefix } : fromIssues(parsed.error.issues, object, line, pathPrefix);
  }
  const parsed = logRecordSchema.safeParse(object);
  return parsed.success ? { kind: "record", record: parsed.data, value: object } : fromIssues(parsed.error.issues, object, line, pathPrefix);
}

function fromIssues(issues: readonly z.core.$ZodIssue[], value: unknown, line: number | null, pathPrefix: string): ParsedLogEntry {
  return {
    kind: "invalid",
    problems: issues.map((issue) => ({ line, path: formatJsonPath(issue.path, pathPrefix), message: issue.message, ...plainIssue(issue, value) })),
  };
}

export function invalid(line: number | null, path: string, message: string): ParsedLogEntry {
  return { kind: "invalid", problems: [{ line, path, message }] };
}

const UNSTORABLE = "contains U+0000 or an unpaired surrogate (\\ud800–\\udfff), which PostgreSQL cannot store";
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Exported for the generic importer, whose CSV cells can hold the same. */
export function findUnstorableText(value: unknown, path: PropertyKey[]): PropertyKey[] | null {
  if (typeof value === "string") return BAD_TEXT.test(value) ? path : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (BAD_TEXT.test(key)) return [...path, key];
    const found = findUnstorableText(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return null;
}
