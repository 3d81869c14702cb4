// Langfuse scores (a UI export as JSON/JSONL/CSV, or pages of GET /api/public/v2/scores):
// `source` EVAL is the judge (an LLM-as-a-judge evaluator, named by its configId), ANNOTATION a
// human with `authorUserId` as the rater; API scores are neither and are left out. An item is
// the trace (or the observation inside it) and the criterion the score's `name`.
// Fields as in Langfuse's API reference (GetScoresResponseData):
// https://api.reference.langfuse.com/#tag/scores/GET/api/public/v2/scores and
// https://langfuse.com/docs/api-and-data-platform/features/scores-api
import type { CriterionDeclaration } from "../criterion-type.schema";
import { foreignRecordMessage } from "./detect-source";
import { idText, numberOf, SourceReader, type NativeValue, type SourceRecord, type SourceResult } from "./source-values";

const DATA_TYPES = ["NUMERIC", "CATEGORICAL", "BOOLEAN", "TEXT", "CORRECTION"] as const;
const SOURCES = ["EVAL", "ANNOTATION", "API"] as const;

export function readLangfuse(records: readonly SourceRecord[]): SourceResult {
  const reader = new SourceReader("langfuse");
  const types = new Map<string, { type: string; record: SourceRecord }>();
  for (const record of records) {
    const foreign = foreignRecordMessage("langfuse", record);
    if (foreign) {
      reader.problem(record, "", foreign);
      continue;
    }
    const score = record.record;
    const name = idText(score.name);
    if (name === null) reader.problem(record, "name", "a score needs a name");
    const dataType = String(score.dataType ?? "NUMERIC").toUpperCase();
    if (!(DATA_TYPES as readonly string[]).includes(dataType)) reader.problem(record, "dataType", `expected one of ${DATA_TYPES.join(", ")}, got ${JSON.stringify(score.dataType)}`);
    const source = String(score.source ?? "").toUpperCase();
    if (!(SOURCES as readonly string[]).includes(source)) reader.problem(record, "source", `expected one of ${SOURCES.join(", ")}, got ${JSON.stringify(score.source)}`);
    const traceId = idText(score.traceId);
    const observationId = idText(score.observationId);
    const sessionId = idText(score.sessionId);
    const item = traceId !== null ? (observationId !== null ? `${traceId}/${observationId}` : traceId) : sessionId !== null ? `session:${sessionId}` : null;
    if (item === null) reader.problem(record, "traceId", "a score needs the traceId (or sessionId) it scores");
    if (name === null || item === null || !(SOURCES as readonly string[]).includes(source) || !(DATA_TYPES as readonly string[]).includes(dataType)) continue;

    if (dataType === "TEXT" || dataType === "CORRECTION") {
      reader.skip(`${dataType} scores (free text)`);
      continue;
    }
    if (source === "API") {
      reader.skip("API scores (neither an evaluator nor an annotation)");
      continue;
    }
    const earlier = types.get(name);
    if (earlier && earlier.type !== dataType) {
      reader.problem(record, "dataType", `score "${name}" is ${dataType} here but ${earlier.type} at ${earlier.record.where || `line ${earlier.record.line}`}`);
      continue;
    }
    if (!earlier) types.set(name, { type: dataType, record });
    const value = readValue(score, dataType);
    if ("error" in value) {
      reader.problem(record, value.field, value.error);
      continue;
    }
    if (source === "ANNOTATION") {
      const author = idText(score.authorUserId);
      if (author === null) {
        reader.problem(record, "authorUserId", "an ANNOTATION score names its rater in authorUserId");
        continue;
      }
      reader.add(record, "value", { item, criterion: name, role: "human", rater: author, value: value.value });
    } else {
      reader.add(record, "value", { item, criterion: name, role: "judge", rater: idText(score.configId) ?? "evaluator", value: value.value });
    }
  }
  const declared: CriterionDeclaration[] = [];
  for (const [criterion, { type }] of types) {
    if (type === "CATEGORICAL") declared.push({ criterion, type: "categorical", labels: null, positive: null, range: null });
    if (type === "BOOLEAN") declared.push({ criterion, type: "binary", labels: ["false", "true"], positive: "true", range: null });
  }
  return reader.finish(declared);
}

function readValue(score: Record<string, unknown>, dataType: string): { value: NativeValue } | { field: string; error: string } {
  if (dataType === "NUMERIC") {
    const n = numberOf(score.value);
    if (n === null || n === undefined) return { field: "value", error: `a NUMERIC score needs a number, got ${JSON.stringify(score.value ?? null)}` };
    return { value: n };
  }
  if (dataType === "CATEGORICAL") {
    const label = idText(score.stringValue) ?? (typeof score.value === "string" ? idText(score.value) : null);
    if (label === null) return { field: "stringValue", error: `a CATEGORICAL score needs its category in stringValue, got ${JSON.stringify(score.stringValue ?? null)}` };
    return { value: label };
  }
  // BOOLEAN: value 1/0 (v2, and CSV exports), true/false (v3), stringValue "True"/"False".
  const raw = score.value;
  if (typeof raw === "boolean") return { value: raw ? "true" : "false" };
  const n = numberOf(raw);
  if (n === 1 || n === 0) return { value: n === 1 ? "true" : "false" };
  const text = typeof score.stringValue === "string" ? score.stringValue.trim().toLowerCase() : "";
  if (text === "true" || text === "false") return { value: text };
  return { field: "value", error: `a BOOLEAN score is 1 or 0 (stringValue True or False), got ${JSON.stringify(raw ?? null)}` };
}
