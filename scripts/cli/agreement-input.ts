// Reads the rows of a JSONL or CSV file for `concord agreement`, keeping each row's line
// number for error messages. Every problem is an InputError naming the file and line.
import { readFileSync } from "node:fs";
import { readGenericTable } from "@/lib/ingest/read-generic-table";

export class InputError extends Error {}
/** A problem with the command line itself: reported with the usage text. */
export class UsageError extends InputError {}

export type Row = { line: number; record: Record<string, unknown> };
/** `columns` is the CSV header; JSONL has none (each line carries its own fields). */
export type Table = { format: "jsonl" | "csv"; rows: Row[]; columns: string[] | null };

export function readTable(path: string): Table {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  // The same reader as `concord import --generic`, so both accept the same files.
  const read = readGenericTable(text, path);
  if ("problems" in read) {
    const [problem] = read.problems;
    throw new InputError(`${path}${problem.line === null ? "" : `:${problem.line}`}: ${problem.message}`);
  }
  const { format, rows, columns } = read.table;
  // JSONL has no header: each line carries its own fields, checked line by line.
  return { format, rows, columns: format === "csv" ? columns : null };
}
