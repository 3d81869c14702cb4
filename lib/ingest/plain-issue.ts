// A validation issue in the words of the person who wrote the file: the value that was found
// there and what was expected, instead of the schema library's "expected number, received
// string at records[3].x". The raw message and JSON path stay beside it as the detail.
import type { z } from "zod";

/** `expected` is absent where the raw message says it best (a date that is not in the calendar). */
export type PlainIssue = { found: string; expected?: string };

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object ({…})",
  array: "a list ([…])",
  null: "null",
  bigint: "a whole number",
  date: "a date",
};

/** What was found and expected for one issue of `root` (the value that was validated). */
export function plainIssue(issue: z.core.$ZodIssue, root: unknown): PlainIssue {
  const found = describeValue(valueAt(root, issue.path));
  const expected = expectedOf(issue);
  return expected === null ? { found } : { found, expected };
}

function expectedOf(issue: z.core.$ZodIssue): string | null {
  switch (issue.code) {
    case "invalid_type":
      return TYPE_WORDS[issue.expected] ?? issue.expected;
    case "too_small":
      if (issue.origin === "string") return `text of at least ${issue.minimum} character${issue.minimum === 1 ? "" : "s"}`;
      if (issue.origin === "array") return `a list of at least ${issue.minimum}`;
      return `a number ${issue.inclusive === false ? ">" : "≥"} ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `text of at most ${issue.maximum} characters`;
      if (issue.origin === "array") return `a list of at most ${issue.maximum}`;
      return `a number ${issue.inclusive === false ? "<" : "≤"} ${issue.maximum}`;
    case "invalid_value":
      return issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    default:
      // Messages written for people already: "expected an ISO 8601 date-time …" gives the
      // expectation; any other (a date not in the calendar) is the whole story as it is.
      return issue.message.startsWith("expected ") ? issue.message.slice("expected ".length) : null;
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** `"0.7" (text)`, `42 (a number)`, `nothing (the field is missing)`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (typeof value === "string") {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return value === "" ? "empty text" : `${JSON.stringify(shown)} (text)`;
  }
  if (typeof value === "number") return `${value} (a number)`;
  if (typeof value === "boolean") return `${value} (true/false)`;
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return "an object";
}
