// A native source's file as records: a JSON array (or a Langfuse API page's `data`), JSONL,
// CSV, a single JSON document (an Inspect log), or an Inspect `.eval` zip archive (header.json
// and samples/*.json). Pure: the bytes come from the CLI, the API or the import page.
import { unzipSync, strFromU8 } from "fflate";
import { isJsonTooDeep, TOO_DEEP_MESSAGE } from "../json-depth";
import type { ImportProblem } from "../problems";
import { readGenericTable } from "../read-generic-table";
import { readTextDocument } from "../read-json-document";
import { isObject, type SourceRecord } from "./source-values";

export type SourceFile = {
  /** Flat records (scores, feedback, annotations, tasks, dataset records, samples). */
  records: SourceRecord[];
  /** A whole JSON object that is not a list of records (an Inspect .json log); else null. */
  document: Record<string, unknown> | null;
  /** An archive's JSON entries by name (an Inspect .eval file); else null. */
  archive: Map<string, unknown> | null;
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function readSourceFile(bytes: Uint8Array, fileName: string | null): { file: SourceFile } | { problems: ImportProblem[] } {
  if (ZIP_MAGIC.every((byte, i) => bytes[i] === byte)) return readArchive(bytes);
  const decoded = readTextDocument(bytes);
  if ("problems" in decoded) return decoded;
  const text = decoded.text;
  const first = text.trimStart()[0];
  const ext = /\.([a-z]+)$/i.exec(fileName ?? "")?.[1]?.toLowerCase();
  if (first === "[" || (first === "{" && ext !== "jsonl" && ext !== "ndjson")) {
    const whole = parseWhole(text);
    if (whole !== undefined) return { file: fromJson(whole) };
    if (first === "[" || ext === "json") return { problems: [{ line: null, path: "", message: `not valid JSON (${jsonError(text)})` }] };
  }
  const table = readGenericTable(text, first === "{" ? "records.jsonl" : (fileName ?? "records.csv"));
  if ("problems" in table) return { problems: table.problems };
  return { file: { records: table.table.rows.map((row) => ({ line: row.line, where: "", record: row.record })), document: null, archive: null } };
}

function parseWhole(text: string): unknown {
  if (isJsonTooDeep(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function jsonError(text: string): string {
  if (isJsonTooDeep(text)) return TOO_DEEP_MESSAGE;
  try {
    JSON.parse(text);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

function fromJson(value: unknown): SourceFile {
  if (Array.isArray(value)) return { records: listRecords(value, "record"), document: null, archive: null };
  if (!isObject(value)) return { records: [], document: null, archive: null };
  // A page of Langfuse's public API ({data, meta}) saved as a file.
  if (Array.isArray(value.data) && isObject(value.meta)) return { records: listRecords(value.data, "data"), document: null, archive: null };
  if ("samples" in value || "eval" in value) return { records: [], document: value, archive: null };
  return { records: [{ line: null, where: "record 1", record: value }], document: null, archive: null };
}

/** Elements of a JSON array; a non-object element keeps its place and is reported by the reader. */
function listRecords(items: readonly unknown[], name: "record" | "data"): SourceRecord[] {
  return items.map((item, i) => ({
    line: null,
    where: name === "record" ? `record ${i + 1}` : `data[${i}]`,
    record: isObject(item) ? item : { __notAnObject: item },
  }));
}

function readArchive(bytes: Uint8Array): { file: SourceFile } | { problems: ImportProblem[] } {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter: (file) => file.name.endsWith(".json") });
  } catch (error) {
    return { problems: [{ line: null, path: "", message: `not a readable zip archive (${(error as Error).message})` }] };
  }
  const archive = new Map<string, unknown>();
  const problems: ImportProblem[] = [];
  for (const name of Object.keys(entries).sort(byNumber)) {
    const text = strFromU8(entries[name]);
    const value = parseWhole(text);
    if (value === undefined) problems.push({ line: null, path: name, message: `not valid JSON (${jsonError(text)})` });
    else archive.set(name, value);
  }
  return problems.length > 0 ? { problems } : { file: { records: [], document: null, archive } };
}

/** samples/2_epoch_1.json before samples/10_epoch_1.json. */
function byNumber(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}
