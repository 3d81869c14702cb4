// Reads the asked-for columns of a JSONL or CSV file for `concord agreement`, streaming, with
// each row's line number for error messages. Every problem is an InputError naming the file
// and line. Rows are never objects: a table is typed columns (see table-builder.ts).
import { detectTableFormat } from "@/lib/ingest/read-generic-table";
import { readPrefix } from "./file-lines.ts";
import { readCsvColumns } from "./read-csv-columns.ts";
import { readJsonlColumns } from "./read-jsonl-columns.ts";
import type { NumberColumn } from "./table-builder.ts";

export class InputError extends Error {}
/** A problem with the command line itself: reported with the usage text. */
export class UsageError extends InputError {}

export type Table = {
  format: "jsonl" | "csv";
  /** The CSV header; JSONL has none (each line carries its own fields). */
  columns: string[] | null;
  length: number;
  lines: Int32Array;
  /** Asked-for fields the file has: in the CSV header, or in some JSONL line. */
  present: Set<string>;
  /** Values as read: CSV text; JSONL values, undefined where a line lacks the field. */
  text: Map<string, unknown[]>;
  /** Fields only ever read as numbers (or checked for blanks): see NumberColumn. */
  numbers: Map<string, NumberColumn>;
  /** CSV text fields: each row's index into `dictionary` (−1: read `text`); see Columns. */
  codes: Map<string, Int32Array>;
  dictionary: string[];
};

/**
 * The columns `fields` of the file at `path`; those also in `numeric` (and only read as
 * numbers) as NumberColumns. The same file formats as `concord import --generic`.
 */
export function readTable(path: string, fields: Iterable<string>, numeric: Iterable<string> = []): Table {
  const wanted = [...new Set(fields)];
  const numberFields = [...new Set(numeric)].filter((field) => wanted.includes(field));
  const textFields = wanted.filter((field) => !numberFields.includes(field));
  try {
    // The extension decides; without a known one, the first character.
    const format = detectTableFormat(path, /\.(jsonl|ndjson|json|csv|tsv)$/i.test(path) ? "" : readPrefix(path));
    const read =
      format === "jsonl"
        ? readJsonlColumns(path, textFields, numberFields)
        : readCsvColumns(path, /\.tsv$/i.test(path) ? "\t" : ",", textFields, numberFields);
    if ("message" in read) throw new InputError(`${path}${read.line === null ? "" : `:${read.line}`}: ${read.message}`);
    const { length, lines, text, numbers, codes, dictionary } = read;
    const table = { format, length, lines, text, numbers, codes, dictionary };
    if ("header" in read) return { ...table, columns: read.header, present: new Set(wanted.filter((f) => read.header.includes(f))) };
    return { ...table, columns: null, present: read.present };
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new InputError(`cannot read ${path}: ${code}`);
  }
}
