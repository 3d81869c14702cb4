// LangSmith feedback (the records `Client.list_feedback()` returns, saved as JSON/JSONL, or a
// CSV of them with feedback_source as JSON text or as dotted columns): `feedback_source.type`
// "model" is the judge; "app" or "api" with a `user_id` is a human, that user the rater; app/api
// feedback with no user is neither and is left out. An item is the run (`run_id`), the
// criterion the feedback `key`; the value is `score` (a number or a boolean), else `value`.
// Fields as in langsmith-sdk's schemas (FeedbackBase, FeedbackSourceBase, ModelFeedbackSource):
// https://github.com/langchain-ai/langsmith-sdk/blob/main/js/src/schemas.ts and
// https://github.com/langchain-ai/langsmith-sdk/blob/main/python/langsmith/schemas.py
import { foreignRecordMessage } from "./detect-source";
import { idText, isObject, numberOf, parseCellJson, SourceReader, type NativeValue, type SourceRecord, type SourceResult } from "./source-values";

export function readLangsmith(records: readonly SourceRecord[]): SourceResult {
  const reader = new SourceReader("langsmith");
  for (const record of records) {
    const foreign = foreignRecordMessage("langsmith", record);
    if (foreign) {
      reader.problem(record, "", foreign);
      continue;
    }
    const feedback = record.record;
    const runId = idText(feedback.run_id);
    const key = idText(feedback.key);
    if (runId === null) reader.problem(record, "run_id", "feedback needs the run_id it is about");
    if (key === null) reader.problem(record, "key", "feedback needs a key (the criterion)");
    const source = sourceOf(feedback);
    if (source.type === null || !["model", "app", "api"].includes(source.type)) {
      reader.problem(record, "feedback_source.type", `expected model, app or api, got ${JSON.stringify(source.type)}`);
      continue;
    }
    if (runId === null || key === null) continue;
    const value = readValue(feedback);
    if (value === null) {
      reader.skip("feedback with neither a score nor a value (a comment or correction only)");
      continue;
    }
    if ("error" in value) {
      reader.problem(record, value.field, value.error);
      continue;
    }
    if (source.type === "model") {
      reader.add(record, value.field, { item: runId, criterion: key, role: "judge", rater: source.judge ?? "model", value: value.value });
    } else if (source.userId === null) {
      reader.skip(`${source.type} feedback with no user_id (not known to be a person)`);
    } else {
      reader.add(record, value.field, { item: runId, criterion: key, role: "human", rater: source.userId, value: value.value });
    }
  }
  return reader.finish();
}

/** feedback_source as an object (JSON), as JSON text in a CSV cell, or as dotted CSV columns. */
function sourceOf(feedback: Record<string, unknown>): { type: string | null; userId: string | null; judge: string | null } {
  const nested = parseCellJson(feedback.feedback_source);
  const source = isObject(nested) ? nested : {};
  const type = idText(source.type ?? feedback["feedback_source.type"]);
  const userId = idText(source.user_id ?? feedback["feedback_source.user_id"]);
  const metadata = isObject(source.metadata) ? source.metadata : {};
  const run = isObject(metadata.__run) ? metadata.__run : {};
  return { type: type === null ? null : type.toLowerCase(), userId, judge: idText(metadata.ls_model_name) ?? idText(run.name) };
}

function readValue(feedback: Record<string, unknown>): { value: NativeValue; field: string } | { field: string; error: string } | null {
  const score = feedback.score;
  if (typeof score === "boolean") return { value: score ? "true" : "false", field: "score" };
  const n = numberOf(score);
  if (n === undefined) {
    if (score === "True" || score === "False" || score === "true" || score === "false") return { value: String(score).toLowerCase(), field: "score" };
    return { field: "score", error: `a score is a number or a boolean, got ${JSON.stringify(score)}` };
  }
  if (n !== null) return { value: n, field: "score" };
  const value = parseCellJson(feedback.value);
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return { value: typeof value === "boolean" ? String(value) : value, field: "value" };
  }
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return { value: value as string[], field: "value" };
  return { field: "value", error: `a value is a label, a number or a list of labels, got ${JSON.stringify(value)}` };
}
