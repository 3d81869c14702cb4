// Pulls typed values out of the rows, with errors that name the file, line and field.
import type { Preference } from "../../lib/stats/index.ts";
import { InputError, type Row, type Table } from "./agreement-input.ts";

/** A value that counts as "not rated": null, or an empty or blank string. */
export function isBlank(value: unknown): boolean {
  return value === null || (typeof value === "string" && value.trim() === "");
}

/** Fails unless every named field exists: in the CSV header, or in some JSONL row. */
export function checkFieldsExist(table: Table, path: string, fields: string[]): void {
  for (const field of fields) {
    const exists = table.columns
      ? table.columns.includes(field)
      : table.rows.length === 0 || table.rows.some((row) => field in row.record);
    if (!exists) {
      const where = table.columns ? `the header of ${path} (columns: ${table.columns.join(", ")})` : path;
      throw new InputError(`no field "${field}" in ${where}`);
    }
  }
}

/** The row's value of `field`; absent in a JSONL row is an error (a typo, or a broken row). */
export function fieldValue(row: Row, field: string, path: string): unknown {
  if (!(field in row.record)) throw new InputError(`${path}:${row.line}: missing field "${field}"`);
  return row.record[field];
}

/** A finite number, or a string holding one. */
export function toNumber(value: unknown, row: Row, field: string, path: string): number {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
  if (!Number.isFinite(number)) {
    throw new InputError(`${path}:${row.line}: field "${field}" is not a number: ${JSON.stringify(value)}`);
  }
  return number;
}

/** A group key: a non-empty string or a number. */
export function toGroup(value: unknown, row: Row, field: string, path: string): string {
  if (typeof value === "number" || (typeof value === "string" && value.trim() !== "")) return String(value);
  throw new InputError(`${path}:${row.line}: field "${field}" must be a group id, got ${JSON.stringify(value)}`);
}

const VERDICTS: Record<string, Preference> = { model_a: "model_a", a: "model_a", tie: "tie", model_b: "model_b", b: "model_b" };

/** A pairwise verdict: model_a, tie or model_b (also A, TIE, B), in any case. */
export function toPreference(value: unknown, row: Row, field: string, path: string): Preference {
  const verdict = typeof value === "string" ? VERDICTS[value.trim().toLowerCase()] : undefined;
  if (!verdict) {
    throw new InputError(`${path}:${row.line}: field "${field}" must be model_a, tie or model_b (or A, TIE, B), got ${JSON.stringify(value)}`);
  }
  return verdict;
}

/** Rows passing every --where clause: FIELD's value, as text, among the accepted ones. */
export function matchesWhere(row: Row, where: Map<string, Set<string>>): boolean {
  for (const [field, accepted] of where) {
    const value = row.record[field];
    if (value === undefined || value === null || !accepted.has(String(value))) return false;
  }
  return true;
}
