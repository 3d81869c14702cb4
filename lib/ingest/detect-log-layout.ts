// Whether a log file is JSONL (one record per line) or one JSON document (a record — such
// as seed 002's pretty-printed example —, an array of records, or an envelope).

/**
 * A .jsonl/.ndjson file is JSONL. Otherwise it is one JSON document when its first non-blank
 * line is not a JSON object on its own.
 */
export function isJsonDocument(fileName: string | null, firstLine: string | null): boolean {
  if (/\.(jsonl|ndjson)$/i.test(fileName ?? "")) return false;
  if (firstLine === null) return false;
  try {
    const value: unknown = JSON.parse(firstLine);
    return typeof value !== "object" || value === null || Array.isArray(value);
  } catch {
    return true;
  }
}
