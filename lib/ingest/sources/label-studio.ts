// Label Studio's JSON export of tasks (also what GET /api/projects/{id}/export returns): each
// task's `annotations` are human (the rater is `completed_by`, an id or a user object, read as "user <id>"), its
// `predictions` the judge (named by `model_version`). An item is the task `id`, the criterion
// a control's `from_name`. Classification controls are read: choices (one label, or a set when
// several are chosen), rating, number and taxonomy (each path joined with "/"); region and
// free-text results are left out, and so are cancelled annotations.
// Format from https://labelstud.io/guide/task_format and https://labelstud.io/guide/export#Label-Studio-JSON-format-of-annotated-tasks
import { foreignRecordMessage } from "./detect-source";
import { idText, isObject, SourceReader, type NativeValue, type SourceRecord, type SourceResult } from "./source-values";

export function readLabelStudio(records: readonly SourceRecord[]): SourceResult {
  const reader = new SourceReader("label-studio");
  for (const record of records) {
    const foreign = foreignRecordMessage("label-studio", record);
    if (foreign) {
      reader.problem(record, "", foreign);
      continue;
    }
    const task = record.record;
    const item = idText(task.id);
    if (item === null) {
      reader.problem(record, "id", "a task needs its id");
      continue;
    }
    reader.text(item, taskText(task.data));
    const annotations = Array.isArray(task.annotations) ? task.annotations : [];
    annotations.forEach((annotation, a) => {
      const at = `annotations[${a}]`;
      if (!isObject(annotation)) return reader.problem(record, at, "expected an annotation object");
      if (annotation.was_cancelled === true) return reader.skip("cancelled annotations");
      const rater = raterOf(annotation.completed_by);
      if (rater === null) return reader.problem(record, `${at}.completed_by`, `an annotation names its rater in completed_by, got ${JSON.stringify(annotation.completed_by ?? null)}`);
      readResults(reader, record, annotation.result, `${at}.result`, { item, role: "human", rater });
    });
    const predictions = Array.isArray(task.predictions) ? task.predictions : [];
    predictions.forEach((prediction, p) => {
      const at = `predictions[${p}]`;
      if (!isObject(prediction)) return reader.problem(record, at, "expected a prediction object");
      const rater = idText(prediction.model_version) ?? "prediction";
      readResults(reader, record, prediction.result, `${at}.result`, { item, role: "judge", rater });
    });
  }
  return reader.finish();
}

type Who = { item: string; role: "judge" | "human"; rater: string };

function readResults(reader: SourceReader, record: SourceRecord, results: unknown, at: string, who: Who): void {
  if (!Array.isArray(results)) return reader.problem(record, at, "expected a list of results");
  const seen = new Set<string>();
  results.forEach((result, r) => {
    const path = `${at}[${r}]`;
    if (!isObject(result)) return reader.problem(record, path, "expected a result object");
    const control = idText(result.from_name);
    if (control === null) return reader.problem(record, `${path}.from_name`, "a result names its control in from_name");
    const type = String(result.type ?? "");
    if (!isObject(result.value)) return reader.problem(record, `${path}.value`, "a result needs a value object");
    const value = readValue(type, result.value);
    if (value === null) return reader.skip(`${type || "untyped"} results (regions or free text)`);
    if ("error" in value) return reader.problem(record, `${path}.value.${value.field}`, value.error);
    if (seen.has(control)) return reader.skip("further results of a control in one annotation (per-region answers)");
    seen.add(control);
    reader.add(record, `${path}.value.${value.field}`, { ...who, criterion: control, value: value.value });
  });
}

function readValue(type: string, value: Record<string, unknown>): { value: NativeValue; field: string } | { field: string; error: string } | null {
  switch (type) {
    case "choices": {
      const choices = value.choices;
      if (!Array.isArray(choices) || choices.length === 0 || !choices.every((c) => typeof c === "string")) {
        return { field: "choices", error: `expected a list of chosen labels, got ${JSON.stringify(choices ?? null)}` };
      }
      return { value: choices.length === 1 ? choices[0] : (choices as string[]), field: "choices" };
    }
    case "rating":
    case "number": {
      const n = value[type];
      if (typeof n !== "number" || !Number.isFinite(n)) return { field: type, error: `expected a number, got ${JSON.stringify(n ?? null)}` };
      return { value: n, field: type };
    }
    case "taxonomy": {
      const paths = value.taxonomy;
      if (!Array.isArray(paths) || !paths.every((p) => Array.isArray(p) && p.length > 0 && p.every((s) => typeof s === "string"))) {
        return { field: "taxonomy", error: `expected a list of label paths, got ${JSON.stringify(paths ?? null)}` };
      }
      return { value: (paths as string[][]).map((p) => p.join("/")), field: "taxonomy" };
    }
    default:
      return null;
  }
}

/** completed_by: a user id (the JSON export) or a user object ({id, email, …}): "user <id>" either way, so two exports agree. */
function raterOf(completedBy: unknown): string | null {
  const id = isObject(completedBy) ? idText(completedBy.id) : idText(completedBy);
  if (id !== null) return `user ${id}`;
  return isObject(completedBy) ? idText(completedBy.email) : null;
}

function taskText(data: unknown): string | null {
  if (!isObject(data)) return null;
  if (typeof data.text === "string") return data.text;
  const first = Object.values(data).find((v) => typeof v === "string");
  return typeof first === "string" ? first : null;
}
