// Which tool wrote a file, by the shape of its records (the fields each tool's export always
// has): used when no --from is given, and record by record to refuse a file that mixes two
// tools' records instead of importing half of it.
import { isObject, type SourceName, type SourceRecord, SOURCE_TITLES } from "./source-values";
import type { SourceFile } from "./read-source-file";

/** The tool whose record this is; null when it looks like none of them. */
export function detectRecordSource(record: Record<string, unknown>): SourceName | null {
  const has = (key: string) => key in record;
  if (Array.isArray(record.annotations) || Array.isArray(record.predictions)) return "label-studio";
  if (isObject(record.fields) && (has("responses") || has("suggestions"))) return "argilla";
  if (Object.keys(record).some((key) => key.endsWith(".responses") || key.endsWith(".suggestion"))) return "argilla";
  if (has("annotator_kind") || has("result.label") || has("result.score") || has("annotation_name") || (has("span_id") && has("result"))) return "phoenix";
  if (has("feedback_source") || has("feedback_source.type") || (has("run_id") && has("key"))) return "langsmith";
  if (has("dataType") || ((has("traceId") || has("observationId")) && has("name") && has("source"))) return "langfuse";
  if (isObject(record.scores) && has("epoch")) return "inspect";
  return null;
}

/** The file's tool: Inspect for a log document or archive, else the first record that names one. */
export function detectSource(file: SourceFile): SourceName | null {
  if (file.archive || file.document) return "inspect";
  for (const { record } of file.records.slice(0, 50)) {
    const found = detectRecordSource(record);
    if (found) return found;
  }
  return null;
}

/** A problem for a record of another tool, or one that does not have the source's shape at all. */
export function foreignRecordMessage(source: SourceName, record: SourceRecord): string | null {
  const found = detectRecordSource(record.record);
  if (found === source) return null;
  if ("__notAnObject" in record.record) return `expected a ${SOURCE_TITLES[source]} record (a JSON object), got ${JSON.stringify(record.record.__notAnObject)}`;
  if (found) return `this is a ${SOURCE_TITLES[found]} record, but the file was read as ${SOURCE_TITLES[source]}: a file must hold one tool's records`;
  return `not a ${SOURCE_TITLES[source]} record (${SHAPES[source]})`;
}

const SHAPES: Record<SourceName, string> = {
  langfuse: "a score has name, source, dataType and traceId or observationId",
  langsmith: "a feedback record has run_id, key and feedback_source",
  phoenix: "an annotation has span_id, name, annotator_kind and result",
  "label-studio": "a task has data and annotations or predictions",
  argilla: "a record has fields and responses or suggestions",
  inspect: "a sample has id, epoch and scores",
};
