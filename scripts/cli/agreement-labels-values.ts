// Labels and label sets out of JSONL or CSV values, with errors that name the file, line,
// field and value. A missing value (absent, null, blank) is the caller's to drop first.
import { InputError } from "./agreement-input.ts";

type Where = { line: number; field: string; path: string };

function fail(where: Where, problem: string, value: unknown): never {
  throw new InputError(`${where.path}:${where.line}: field "${where.field}" ${problem}, got ${JSON.stringify(value)}`);
}

/** A scalar's label: a string as it is, a number or boolean as its JSON text. */
function scalarLabel(value: unknown): string | null {
  if (typeof value === "string") return value;
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") return JSON.stringify(value);
  return null;
}

/** One label (binary, categorical): a string, number or boolean; an array or object is an error. */
export function toLabel(value: unknown, task: string, where: Where): string {
  const label = scalarLabel(value);
  if (label === null) fail(where, `must be one label (a string, number or boolean) for --task ${task}`, value);
  return label;
}

/**
 * A label set (multilabel): a JSON array of labels, or text — "a|b|c", or a JSON array
 * when it starts with "[" (so "[]" is the empty set in CSV, where a blank cell is missing).
 * Labels are not trimmed; a blank label is an error.
 */
export function toLabelSet(value: unknown, where: Where): string[] {
  if (Array.isArray(value)) return value.map((item) => setMember(item, value, where));
  if (typeof value !== "string") fail(where, `must be a set of labels (a JSON array, or text "a|b|c")`, value);
  if (value.trimStart().startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      fail(where, `starts with "[" but is not a JSON array of labels`, value);
    }
    if (!Array.isArray(parsed)) fail(where, `starts with "[" but is not a JSON array of labels`, value);
    return parsed.map((item) => setMember(item, value, where));
  }
  return value.split("|").map((part) => {
    if (part.trim() === "") fail(where, `has a blank label in "a|b|c" text (write [] for the empty set)`, value);
    return part;
  });
}

function setMember(item: unknown, value: unknown, where: Where): string {
  const label = scalarLabel(item);
  if (label === null) fail(where, `must hold labels (strings, numbers or booleans) only; ${JSON.stringify(item)} is not one`, value);
  if (label.trim() === "") fail(where, `has a blank label in its set`, value);
  return label;
}
