// Reads the rows of a JSONL or CSV file for `concord agreement`, keeping each row's line
// number for error messages. Every problem is an InputError naming the file and line.
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { parse } from "csv-parse/sync";

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
  const format = detectFormat(path, text);
  if (format === "jsonl") return { format, rows: parseJsonLines(path, text), columns: null };
  return { format: "csv", ...parseCsv(path, text, extname(path).toLowerCase() === ".tsv" ? "\t" : ",") };
}

/** By extension (.jsonl/.ndjson/.json, .csv/.tsv), else by the first visible character. */
function detectFormat(path: string, text: string): "jsonl" | "csv" {
  const ext = extname(path).toLowerCase();
  if ([".jsonl", ".ndjson", ".json"].includes(ext)) return "jsonl";
  if ([".csv", ".tsv"].includes(ext)) return "csv";
  return text.replace(/^\uFEFF/, "").trimStart().startsWith("{") ? "jsonl" : "csv";
}

function parseJsonLines(path: string, text: string): Row[] {
  const rows: Row[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((content, index) => {
    if (content.trim() === "") return;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      throw new InputError(`${path}:${line}: invalid JSON (${(error as Error).message})`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new InputError(`${path}:${line}: expected a JSON object`);
    }
    rows.push({ line, record: value as Record<string, unknown> });
  });
  return rows;
}

function parseCsv(path: string, text: string, delimiter: string): { rows: Row[]; columns: string[] } {
  let columns: string[] = [];
  let parsed: { info: { lines: number }; record: Record<string, string> }[];
  try {
    parsed = parse(text, {
      bom: true,
      delimiter,
      columns: (header: string[]) => (columns = header.map((h) => h.trim())),
      skip_empty_lines: true,
      info: true,
    }) as unknown as { info: { lines: number }; record: Record<string, string> }[];
  } catch (error) {
    throw new InputError(`${path}: ${(error as Error).message}`);
  }
  return { rows: parsed.map((p) => ({ line: p.info.lines, record: p.record })), columns };
}
