// Pulls typed values out of a table's columns, with errors that name the file, line and field.
import type { Preference } from "../../lib/stats/index.ts";
import { InputError, type Table } from "./agreement-input.ts";

/** A value that counts as "not rated": null, or an empty or blank string. */
export function isBlank(value: unknown): boolean {
  return value === null || (typeof value === "string" && value.trim() === "");
}

/** Fails unless every named field exists: in the CSV header, or in some JSONL row. */
export function checkFieldsExist(table: Table, path: string, fields: string[]): void {
  for (const field of fields) {
    const exists = table.columns ? table.columns.includes(field) : table.length === 0 || table.present.has(field);
    if (!exists) {
      const where = table.columns ? `the header of ${path} (columns: ${table.columns.join(", ")})` : path;
      throw new InputError(`no field "${field}" in ${where}`);
    }
  }
}

/**
 * Row i's value of `field` as read (undefined: absent from a JSONL line). A number column
 * gives its number; only its other values keep their text (see NumberColumn).
 */
export function valueAt(table: Table, field: string, i: number): unknown {
  const text = table.text.get(field);
  if (text) return text[i];
  const column = table.numbers.get(field)!;
  const value = column.values[i];
  return value === value ? value : column.others.get(i);
}

/** Whether row i has a value of `field`: neither absent, null nor blank. */
export function hasValueAt(table: Table, field: string, i: number): boolean {
  const value = valueAt(table, field, i);
  return value !== undefined && !isBlank(value);
}

/** The row's value of `field`; absent in a JSONL row is an error (a typo, or a broken row). */
export function fieldValue(table: Table, field: string, i: number, path: string): unknown {
  const value = valueAt(table, field, i);
  if (value === undefined) throw new InputError(`${path}:${table.lines[i]}: missing field "${field}"`);
  return value;
}

/** A finite number, or a string holding one. */
export function toNumber(value: unknown, line: number, field: string, path: string): number {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
  if (!Number.isFinite(number)) {
    throw new InputError(`${path}:${line}: field "${field}" is not a number: ${JSON.stringify(value)}`);
  }
  return number;
}

/** Row i's value of `field` as a number (toNumber's rules and error). */
export function numberAt(table: Table, field: string, i: number, path: string): number {
  const column = table.numbers.get(field);
  if (column) {
    const value = column.values[i];
    if (value === value) return value;
  }
  return toNumber(valueAt(table, field, i), table.lines[i], field, path);
}

/** A group key: a non-empty string or a number. */
export function toGroup(value: unknown, line: number, field: string, path: string): string {
  if (typeof value === "number" || (typeof value === "string" && value.trim() !== "")) return String(value);
  throw new InputError(`${path}:${line}: field "${field}" must be a group id, got ${JSON.stringify(value)}`);
}

const VERDICTS: Record<string, Preference> = { model_a: "model_a", a: "model_a", tie: "tie", model_b: "model_b", b: "model_b" };

/** A pairwise verdict: model_a, tie or model_b (also A, TIE, B), in any case. */
export function toPreference(value: unknown, line: number, field: string, path: string): Preference {
  const verdict = typeof value === "string" ? VERDICTS[value.trim().toLowerCase()] : undefined;
  if (!verdict) {
    throw new InputError(`${path}:${line}: field "${field}" must be model_a, tie or model_b (or A, TIE, B), got ${JSON.stringify(value)}`);
  }
  return verdict;
}

/** Whether row i passes every --where clause: FIELD's value, as text, among the accepted ones. */
export function matchesWhere(table: Table, i: number, where: Map<string, Set<string>>): boolean {
  for (const [field, accepted] of where) {
    const value = valueAt(table, field, i);
    if (value === undefined || value === null || !accepted.has(String(value))) return false;
  }
  return true;
}

/** The fields a mode reads as numbers only: not also a --where field (compared as text). */
export function numberOnly(fields: (string | null)[], where: Map<string, Set<string>>): string[] {
  return fields.filter((field): field is string => field !== null && !where.has(field));
}
