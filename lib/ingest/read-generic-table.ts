// The rows of a generic judge-vs-human dataset, JSONL or CSV (chosen by the file name's
// extension, else by the first character), each with the line it came from.
import { parse } from "csv-parse/sync";
import { isJsonTooDeep, TOO_DEEP_MESSAGE } from "./json-depth";
import type { ImportProblem } from "./problems";

export type GenericRow = { line: number; record: Record<string, unknown> };
/** `columns` is the CSV header, or the union of the JSONL rows' keys in order of appearance. */
export type GenericTable = { format: "jsonl" | "csv"; rows: GenericRow[]; columns: string[] };

export function detectTableFormat(fileName: string | null, text: string): "jsonl" | "csv" {
  const ext = /\.([a-z]+)$/i.exec(fileName ?? "")?.[1]?.toLowerCase();
  if (ext === "jsonl" || ext === "ndjson" || ext === "json") return "jsonl";
  if (ext === "csv" || ext === "tsv") return "csv";
  const first = text.replace(/^\uFEFF/, "").trimStart()[0];
  return first === "{" || first === "[" ? "jsonl" : "csv";
}

export function readGenericTable(text: string, fileName: string | null): { table: GenericTable } | { problems: ImportProblem[] } {
  const format = detectTableFormat(fileName, text);
  if (format === "jsonl") return readJsonLines(text);
  return readCsv(text, /\.tsv$/i.test(fileName ?? "") ? "\t" : ",");
}

function readJsonLines(text: string): { table: GenericTable } | { problems: ImportProblem[] } {
  const rows: GenericRow[] = [];
  const problems: ImportProblem[] = [];
  const columns = new Set<string>();
  text.replace(/^\uFEFF/, "").split("\n").forEach((content, index) => {
    if (content.trim() === "") return;
    const line = index + 1;
    if (isJsonTooDeep(content)) {
      problems.push({ line, path: "", message: TOO_DEEP_MESSAGE });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      problems.push({ line, path: "", message: `not valid JSON (${(error as Error).message})` });
      return;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problems.push({ line, path: "", message: "expected a JSON object" });
      return;
    }
    for (const key of Object.keys(value)) columns.add(key);
    rows.push({ line, record: value as Record<string, unknown> });
  });
  return problems.length > 0 ? { problems } : { table: { format: "jsonl", rows, columns: [...columns] } };
}

function readCsv(text: string, delimiter: string): { table: GenericTable } | { problems: ImportProblem[] } {
  let columns: string[] = [];
  try {
    const parsed = parse(text, {
      bom: true,
      delimiter,
      columns: (header: string[]) => (columns = header.map((name) => name.trim())),
      skip_empty_lines: true,
      info: true,
    }) as unknown as { info: { lines: number }; record: Record<string, string> }[];
    return { table: { format: "csv", rows: parsed.map(({ info, record }) => ({ line: info.lines, record })), columns } };
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { problems: [{ line: typeof line === "number" ? line : null, path: "", message: `not valid CSV (${(error as Error).message})` }] };
  }
}
