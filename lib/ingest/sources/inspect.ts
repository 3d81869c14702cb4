// Inspect AI eval logs: a `.json` log ({version, eval, results, samples}) or a `.eval` archive
// (a zip of header.json and samples/<id>_epoch_<n>.json). Each scorer's score is the judge's
// value (model-graded scorers name their grader model in results.scores[].params.model); a
// score edited in Inspect keeps its original in `history` and each edit's `provenance.author`,
// who is the human rater of the edited value. An item is the sample id and epoch, the criterion
// the scorer (a scorer with a dict value gives one criterion per key, "scorer.key").
// Shapes from UKGovernmentBEIS/inspect_ai src/inspect_ai/scorer/_metric.py (Score, ScoreEdit,
// ProvenanceData), src/inspect_ai/log/_log.py (EvalLog, EvalSample) and
// https://inspect.aisi.org.uk/eval-logs.html (the .eval format).
import type { CriterionDeclaration } from "../criterion-type.schema";
import { idText, isObject, SourceReader, type NativeValue, type SourceRecord, type SourceResult } from "./source-values";
import type { SourceFile } from "./read-source-file";

export function readInspect(file: SourceFile): SourceResult {
  const reader = new SourceReader("inspect");
  const header = file.archive ? file.archive.get("header.json") : file.document;
  const samples: SourceRecord[] = [];
  if (file.archive) {
    for (const [name, value] of file.archive) {
      if (!/^samples\/[^/]+\.json$/.test(name)) continue;
      samples.push({ line: null, where: name, record: isObject(value) ? value : { __notAnObject: value } });
    }
  } else if (file.document) {
    const list = file.document.samples;
    if (list !== undefined && !Array.isArray(list)) reader.problems.push({ line: null, path: "samples", message: "expected a list of samples" });
    (Array.isArray(list) ? list : []).forEach((sample, i) => samples.push({ line: null, where: `samples[${i}]`, record: isObject(sample) ? sample : { __notAnObject: sample } }));
  } else {
    reader.problems.push({ line: null, path: "", message: "not an Inspect log: expected a .eval archive or a JSON log with samples" });
  }
  const models = graderModels(header);
  for (const record of samples) readSample(reader, record, models);
  return reader.finish(gradeDeclarations(reader));
}

/** Inspect's grades C (correct), P (partial), I (incorrect), N (no answer): one categorical type
 * with all four labels, so that a scorer whose values happen to be all C is still a criterion. */
const GRADES = ["C", "P", "I", "N"];

function gradeDeclarations(reader: SourceReader): CriterionDeclaration[] {
  const byCriterion = new Map<string, boolean>();
  for (const { criterion, value } of reader.values) {
    byCriterion.set(criterion, (byCriterion.get(criterion) ?? true) && typeof value === "string" && GRADES.includes(value));
  }
  return [...byCriterion].filter(([, isGrade]) => isGrade).map(([criterion]) => ({ criterion, type: "categorical", labels: GRADES, positive: null, range: null }));
}

/** scorer name → its grader model, from the log's results.scores[].params.model. */
function graderModels(header: unknown): Map<string, string> {
  const models = new Map<string, string>();
  const results = isObject(header) && isObject(header.results) ? header.results : null;
  for (const score of Array.isArray(results?.scores) ? results.scores : []) {
    if (!isObject(score)) continue;
    const name = idText(score.name) ?? idText(score.scorer);
    const model = isObject(score.params) ? idText(score.params.model) : null;
    if (name !== null && model !== null) models.set(name, model);
  }
  return models;
}

function readSample(reader: SourceReader, record: SourceRecord, models: Map<string, string>): void {
  const sample = record.record;
  if ("__notAnObject" in sample) return reader.problem(record, "", "expected a sample object");
  const id = idText(sample.id);
  if (id === null) return reader.problem(record, "id", "a sample needs its id");
  const epoch = sample.epoch === undefined ? 1 : sample.epoch;
  if (typeof epoch !== "number" || !Number.isInteger(epoch) || epoch < 1) return reader.problem(record, "epoch", `expected a whole epoch number from 1, got ${JSON.stringify(epoch)}`);
  const item = `${id}#${epoch}`;
  const output = isObject(sample.output) ? sample.output : {};
  reader.text(item, typeof output.completion === "string" ? output.completion : typeof sample.input === "string" ? sample.input : null);
  if (!isObject(sample.scores)) return reader.skip("samples without scores");
  for (const [scorer, score] of Object.entries(sample.scores)) {
    const at = `scores.${scorer}`;
    if (!isObject(score)) {
      reader.problem(record, at, "expected a score {value, answer, explanation}");
      continue;
    }
    const judgeName = models.has(scorer) ? `${scorer} (${models.get(scorer)})` : scorer;
    const history = Array.isArray(score.history) ? score.history : [];
    const edits = history.flatMap((edit, i) => (isObject(edit) && isObject(edit.provenance) && edit.value !== "UNCHANGED" ? [{ edit, i }] : []));
    const original = history.find((edit) => isObject(edit) && edit.provenance == null && edit.value !== "UNCHANGED");
    // Without edits the score's value is the scorer's own; with edits it is the last edit's.
    const judgeValue = edits.length === 0 ? score.value : isObject(original) ? original.value : undefined;
    const judgePath = edits.length === 0 ? `${at}.value` : `${at}.history[${history.indexOf(original)}].value`;
    if (judgeValue !== undefined) addValues(reader, record, judgePath, judgeValue, { item, criterion: scorer, role: "judge", rater: judgeName });
    for (const { edit, i } of edits) {
      const provenance = edit.provenance as Record<string, unknown>;
      const author = idText(provenance.author);
      if (author === null) {
        reader.problem(record, `${at}.history[${i}].provenance.author`, "an edited score names its author");
        continue;
      }
      addValues(reader, record, `${at}.history[${i}].value`, edit.value, { item, criterion: scorer, role: "human", rater: author });
    }
  }
}

type Who = { item: string; criterion: string; role: "judge" | "human"; rater: string };

/** A scalar or a list is one value; a dict gives one criterion per key ("scorer.key"). */
function addValues(reader: SourceReader, record: SourceRecord, path: string, raw: unknown, who: Who): void {
  if (isObject(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      if (value === null) continue;
      addValues(reader, record, `${path}.${key}`, value, { ...who, criterion: `${who.criterion}.${key}` });
    }
    return;
  }
  const value = readValue(raw);
  if ("error" in value) return reader.problem(record, path, value.error);
  reader.add(record, path, { ...who, value: value.value });
}

function readValue(raw: unknown): { value: NativeValue } | { error: string } {
  if (typeof raw === "number" && Number.isFinite(raw)) return { value: raw };
  if (typeof raw === "boolean") return { value: String(raw) };
  if (typeof raw === "string" && raw.trim() !== "") return { value: raw.trim() };
  if (Array.isArray(raw) && raw.every((v) => typeof v === "string" || typeof v === "number")) return { value: raw.map(String) };
  return { error: `a score value is a number, a boolean, a label, a list or a dict of them, got ${JSON.stringify(raw ?? null)}` };
}
