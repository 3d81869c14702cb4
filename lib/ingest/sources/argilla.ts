// Argilla 2.x dataset records, as `dataset.records.to_json()` / `to_list(flatten=False)` write
// them ({id, fields, metadata, suggestions: {question: {value, score, agent}}, responses:
// {question: [{value, user_id, status}]}, status, _server_id}), as JSONL, or in the Hugging Face
// datasets layout `to_hub`/`to_datasets` writes (columns `<question>.responses`,
// `<question>.responses.users`, `<question>.responses.status`, `<question>.suggestion`,
// `<question>.suggestion.score`, `<question>.suggestion.agent`). Responses are human (the rater
// is `user_id`; only submitted ones count), suggestions the judge (named by `agent`). An item is
// the record id, the criterion the question name. Ranking answers are left out.
// Shapes from argilla-io/argilla argilla/src/argilla/records/_resource.py (Record.to_dict) and
// _io/_datasets.py, and https://docs.argilla.io/latest/how_to_guides/import_export/
import { foreignRecordMessage } from "./detect-source";
import { idText, isObject, numberOf, parseCellJson, SourceReader, type NativeValue, type SourceRecord, type SourceResult } from "./source-values";

export function readArgilla(records: readonly SourceRecord[]): SourceResult {
  const reader = new SourceReader("argilla");
  for (const record of records) {
    const foreign = foreignRecordMessage("argilla", record);
    if (foreign) {
      reader.problem(record, "", foreign);
      continue;
    }
    const row = record.record;
    const item = idText(row.id) ?? idText(row._server_id);
    if (item === null) {
      reader.problem(record, "id", "a record needs its id");
      continue;
    }
    if (isObject(row.fields)) readNested(reader, record, row, item);
    else readHubRow(reader, record, row, item);
  }
  return reader.finish();
}

function readNested(reader: SourceReader, record: SourceRecord, row: Record<string, unknown>, item: string): void {
  const fields = row.fields as Record<string, unknown>;
  reader.text(item, typeof fields.text === "string" ? fields.text : (Object.values(fields).find((v): v is string => typeof v === "string") ?? null));
  const suggestions = isObject(row.suggestions) ? row.suggestions : {};
  for (const [question, suggestion] of Object.entries(suggestions)) {
    const at = `suggestions.${question}`;
    if (!isObject(suggestion)) {
      reader.problem(record, at, "expected {value, score, agent}");
      continue;
    }
    addValue(reader, record, `${at}.value`, suggestion.value, { item, criterion: question, role: "judge", rater: idText(suggestion.agent) ?? "suggestion" });
  }
  const responses = isObject(row.responses) ? row.responses : {};
  for (const [question, list] of Object.entries(responses)) {
    if (!Array.isArray(list)) {
      reader.problem(record, `responses.${question}`, "expected a list of responses");
      continue;
    }
    list.forEach((response, r) => {
      const at = `responses.${question}[${r}]`;
      if (!isObject(response)) return reader.problem(record, at, "expected {value, user_id, status}");
      if (!isSubmitted(response.status)) return reader.skip(`${String(response.status)} responses (not submitted)`);
      const user = idText(response.user_id);
      if (user === null) return reader.problem(record, `${at}.user_id`, "a response names its rater in user_id");
      addValue(reader, record, `${at}.value`, response.value, { item, criterion: question, role: "human", rater: user });
    });
  }
}

/** The Hugging Face datasets layout: one column group per question. */
function readHubRow(reader: SourceReader, record: SourceRecord, row: Record<string, unknown>, item: string): void {
  if (typeof row.text === "string") reader.text(item, row.text);
  const questions = new Set<string>();
  for (const key of Object.keys(row)) {
    const match = /^(.+)\.(responses|suggestion)$/.exec(key);
    if (match) questions.add(match[1]);
  }
  for (const question of questions) {
    const suggestion = parseCellJson(row[`${question}.suggestion`]);
    if (suggestion !== null && suggestion !== undefined && suggestion !== "") {
      const agent = idText(row[`${question}.suggestion.agent`]) ?? "suggestion";
      addValue(reader, record, `${question}.suggestion`, suggestion, { item, criterion: question, role: "judge", rater: agent });
    }
    const values = parseCellJson(row[`${question}.responses`]);
    if (values === null || values === undefined || values === "") continue;
    const users = parseCellJson(row[`${question}.responses.users`]);
    const statuses = parseCellJson(row[`${question}.responses.status`]);
    if (!Array.isArray(values) || !Array.isArray(users) || users.length !== values.length) {
      reader.problem(record, `${question}.responses.users`, "expected a list of responses and a list of their users of the same length");
      continue;
    }
    values.forEach((value, i) => {
      const status = Array.isArray(statuses) ? statuses[i] : undefined;
      if (!isSubmitted(status)) return reader.skip(`${String(status)} responses (not submitted)`);
      const user = idText(users[i]);
      if (user === null) return reader.problem(record, `${question}.responses.users[${i}]`, "a response needs its user");
      addValue(reader, record, `${question}.responses[${i}]`, value, { item, criterion: question, role: "human", rater: user });
    });
  }
}

function isSubmitted(status: unknown): boolean {
  return status === undefined || status === null || status === "submitted";
}

type Who = { item: string; criterion: string; role: "judge" | "human"; rater: string };

/** A label, a rating, a multi-label set; span and ranking answers are left out. */
function addValue(reader: SourceReader, record: SourceRecord, path: string, raw: unknown, who: Who): void {
  const value = readValue(raw);
  if (value === null) return reader.skip("ranking and span answers");
  if ("error" in value) return reader.problem(record, path, value.error);
  reader.add(record, path, { ...who, value: value.value });
}

function readValue(raw: unknown): { value: NativeValue } | { error: string } | null {
  if (typeof raw === "number") return Number.isFinite(raw) ? { value: raw } : { error: `expected a finite number, got ${raw}` };
  if (typeof raw === "boolean") return { value: String(raw) };
  if (typeof raw === "string") {
    const n = numberOf(raw);
    return { value: n === null || n === undefined ? raw : n };
  }
  if (Array.isArray(raw)) {
    if (raw.every((v) => typeof v === "string")) return { value: raw as string[] };
    if (raw.every(isObject)) return null;
  }
  return { error: `expected a label, a rating or a list of labels, got ${JSON.stringify(raw ?? null)}` };
}
