// Phoenix / Arize span (or trace) annotations: the REST API's records (`GET
// /v1/projects/{id}/span_annotations`, `result` nested) or the dataframe the Python client makes
// of them (`client.spans.get_span_annotations_dataframe()`: `result` flattened to result.label,
// result.score, result.explanation, `name` renamed annotation_name, span_id the index) written
// as CSV or JSON. `annotator_kind` HUMAN is a human (rated by `user_id`, else `identifier`);
// LLM and CODE are the judge. An item is the span (or trace), the criterion the annotation name;
// the value is the label, else the score.
// Shapes from Arize-ai/phoenix packages/phoenix-client/src/phoenix/client/resources/spans/__init__.py
// (get_span_annotations_dataframe) and the v1.SpanAnnotation type of the same client.
import { foreignRecordMessage } from "./detect-source";
import { idText, isObject, numberOf, parseCellJson, SourceReader, type NativeValue, type SourceRecord, type SourceResult } from "./source-values";

const KINDS = ["HUMAN", "LLM", "CODE"];

export function readPhoenix(records: readonly SourceRecord[]): SourceResult {
  const reader = new SourceReader("phoenix");
  for (const record of records) {
    const foreign = foreignRecordMessage("phoenix", record);
    if (foreign) {
      reader.problem(record, "", foreign);
      continue;
    }
    const annotation = record.record;
    const spanId = idText(annotation.span_id) ?? idText(annotation["context.span_id"]);
    const traceId = idText(annotation.trace_id);
    const item = spanId ?? (traceId === null ? null : `trace:${traceId}`);
    const nameField = "annotation_name" in annotation ? "annotation_name" : "name";
    const name = idText(annotation[nameField]);
    const kind = String(annotation.annotator_kind ?? "").toUpperCase();
    if (item === null) reader.problem(record, "span_id", "an annotation needs the span_id (or trace_id) it is about");
    if (name === null) reader.problem(record, nameField, "an annotation needs a name (the criterion)");
    if (!KINDS.includes(kind)) reader.problem(record, "annotator_kind", `expected HUMAN, LLM or CODE, got ${JSON.stringify(annotation.annotator_kind ?? null)}`);
    if (item === null || name === null || !KINDS.includes(kind)) continue;
    if (name === "note") {
      reader.skip("notes (free text)");
      continue;
    }
    const value = readResult(annotation);
    if (value === null) {
      reader.skip("annotations with neither a label nor a score (an explanation only)");
      continue;
    }
    if ("error" in value) {
      reader.problem(record, value.field, value.error);
      continue;
    }
    if (kind === "HUMAN") {
      const rater = idText(annotation.user_id) ?? idText(annotation.identifier) ?? "human";
      reader.add(record, value.field, { item, criterion: name, role: "human", rater, value: value.value });
    } else {
      const metadata = parseCellJson(annotation.metadata);
      const model = isObject(metadata) ? idText(metadata.model) : null;
      reader.add(record, value.field, { item, criterion: name, role: "judge", rater: model ?? idText(annotation.identifier) ?? kind, value: value.value });
    }
  }
  return reader.finish();
}

function readResult(annotation: Record<string, unknown>): { value: NativeValue; field: string } | { field: string; error: string } | null {
  const nested = parseCellJson(annotation.result);
  const result = isObject(nested) ? nested : null;
  const prefix = "result.";
  const label = idText(result ? result.label : annotation["result.label"]);
  if (label !== null) return { value: label, field: `${prefix}label` };
  const rawScore = result ? result.score : annotation["result.score"];
  const score = numberOf(rawScore);
  if (score === undefined) return { field: `${prefix}score`, error: `a score is a number, got ${JSON.stringify(rawScore)}` };
  return score === null ? null : { value: score, field: `${prefix}score` };
}
