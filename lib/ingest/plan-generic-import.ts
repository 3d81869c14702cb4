// A generic judge-vs-human dataset mapped onto Concord's model (SPEC §2): a group becomes a
// session, an item (per dimension) a turn, the judge score a judge score and each human
// score a rating by its annotator — so the session pages and the agreement report read
// them like any other. Rows of one item may repeat (long format, one annotator per row) or
// carry several human columns (wide format); both end up as one turn with several ratings.
// Each criterion (the dimension, or "overall") has a type, declared or inferred from all its
// values (criterion-values.ts): ordinal and numeric values are scores and levels as always;
// label values go to the ratings' label/labels and, for the judge, to judge_labels.
import { countSplitWords } from "@/lib/judge";
import { addJson, anonymousExternalId, newContentHash } from "./content-hash";
import { isLabelType, type CriterionType } from "./criterion-type.schema";
import { inferCriterionType, readCell, readCriterionValue, resolveDeclaredType, type CriterionValue } from "./criterion-values";
import type { GenericFields } from "./import-options.schema";
import { findUnstorableText } from "./parse-log-line";
import { formatJsonPath } from "./json-path";
import { ProblemCollector, type ProblemReport } from "./problems";
import type { GenericRow, GenericTable } from "./read-generic-table";
import type { StoredTurn } from "./turn-row";

/** The criterion of rows without a dimension. */
export const OVERALL = "overall";

export type GenericRating = { annotator: string; score: number | null; level: number | null; label: string | null; labels: string[] | null };
/** A judge's answer on a label criterion (binary, categorical, multilabel), for judge_labels. */
export type GenericJudgeLabel = { label: string | null; labels: string[] | null; confidence: number | null };
/** `score` is null on label criteria, whose judge answer is `judgeLabel`. */
export type GenericTurn = StoredTurn & { ratings: GenericRating[]; judgeLabel: GenericJudgeLabel | null };
export type GenericSessionPlan = {
  externalId: string;
  contentHash: string;
  group: string | null;
  meta: Record<string, unknown>;
  turns: GenericTurn[];
};
/** A criterion (the dimension, or "overall") with the type it was declared or inferred to have. */
export type PlannedCriterion = { criterion: string; type: CriterionType; isDeclared: boolean; turnCount: number; ratingCount: number };
export type GenericPlan = { sessions: GenericSessionPlan[]; turnCount: number; ratingCount: number; humanFields: string[]; criteria: PlannedCriterion[] };

type Item = { turn: GenericTurn; rows: GenericRow[]; judgeLine: number; judgeKey: string; confidence: number | null; generatorModel: string | null };
type Group = { group: string | null; items: Map<string, Item> };
type Context = { fields: GenericFields; humanFields: readonly string[]; types: Map<string, CriterionType>; problems: ProblemCollector; isJudgeOptional: boolean };

export function planGenericImport(
  table: GenericTable,
  fields: GenericFields,
  options: { judgeName: string; sessionId: string | null; isJudgeOptional?: boolean },
): { plan: GenericPlan } | { problems: ProblemReport } {
  const problems = new ProblemCollector();
  const humanFields = resolveHumanFields(table.columns, fields.humanFields, problems);
  for (const field of [fields.itemField, fields.judgeField, ...(fields.confidenceField ? [fields.confidenceField] : [])]) {
    if (!table.columns.includes(field)) problems.add({ line: null, path: field, message: `no row has the field "${field}"` });
  }
  if (table.rows.length === 0) problems.add({ line: null, path: "", message: "the input holds no rows" });
  if (problems.hasProblems) return { problems: problems.report() };

  const rows = table.rows.filter((row) => findUnstorableText(row.record, []) === null);
  const resolved = resolveCriterionTypes(rows, fields, humanFields, table.columns, problems);
  // Native imports (lib/ingest/sources) keep items only humans rated: they have no judge value.
  const isJudgeOptional = options.isJudgeOptional ?? false;
  const context: Context = { fields, humanFields, types: new Map(resolved.map((c) => [c.criterion, c.type])), problems, isJudgeOptional };
  const groups = new Map<string, Group>();
  for (const row of table.rows) addRow(row, context, groups);
  if (problems.hasProblems) return { problems: problems.report() };

  const sessions = [...groups.values()].map((group) => toSession(group, options));
  const turns = sessions.flatMap((s) => s.turns);
  const criteria = resolved.map(({ criterion, type, isDeclared }) => {
    const own = turns.filter((t) => (t.turn.dimension ?? OVERALL) === criterion);
    return { criterion, type, isDeclared, turnCount: own.length, ratingCount: own.reduce((n, t) => n + t.ratings.length, 0) };
  });
  const ratingCount = turns.reduce((n, t) => n + t.ratings.length, 0);
  return { plan: { sessions, turnCount: turns.length, ratingCount, humanFields, criteria } };
}

/** Each criterion's type, in order of first appearance: as declared (completed from its values), else inferred from them. */
function resolveCriterionTypes(
  rows: readonly GenericRow[],
  fields: GenericFields,
  humanFields: readonly string[],
  columns: readonly string[],
  problems: ProblemCollector,
): { criterion: string; type: CriterionType; isDeclared: boolean }[] {
  const values = new Map<string, { human: unknown[]; judge: unknown[] }>();
  for (const { record } of rows) {
    const criterion = criterionOf(record, fields);
    let entry = values.get(criterion);
    if (entry === undefined) values.set(criterion, (entry = { human: [], judge: [] }));
    entry.judge.push(record[fields.judgeField]);
    for (const field of humanFields) entry.human.push(record[field]);
  }
  const resolved: { criterion: string; type: CriterionType; isDeclared: boolean }[] = [];
  for (const [criterion, { human, judge }] of values) {
    const declared = fields.criterionTypes?.find((d) => d.criterion === criterion);
    const result = declared ? resolveDeclaredType(declared, [...human, ...judge]) : inferCriterionType(human, judge);
    if ("error" in result) {
      const path = columns.includes(fields.dimensionField) ? fields.dimensionField : "";
      problems.add({ line: null, path, message: `criterion "${criterion}" ${result.error}` });
    } else {
      resolved.push({ criterion, type: result.type, isDeclared: declared !== undefined });
    }
  }
  return resolved;
}

function criterionOf(record: Record<string, unknown>, fields: GenericFields): string {
  return textOf(record[fields.dimensionField]) ?? OVERALL;
}

/** Explicit fields (a trailing `*` matches a prefix), else human_score, else every human_* column. */
function resolveHumanFields(columns: readonly string[], wanted: readonly string[] | undefined, problems: ProblemCollector): string[] {
  if (wanted === undefined) {
    if (columns.includes("human_score")) return ["human_score"];
    const prefixed = columns.filter((column) => column.startsWith("human_"));
    if (prefixed.length === 0) {
      problems.add({ line: null, path: "", message: 'no human score field: expected "human_score" or "human_…" fields, or name them with --human-field' });
    }
    return prefixed;
  }
  const resolved: string[] = [];
  for (const field of wanted) {
    const matches = field.endsWith("*") ? columns.filter((column) => column.startsWith(field.slice(0, -1))) : columns.filter((c) => c === field);
    if (matches.length === 0) problems.add({ line: null, path: field, message: `no row has the field "${field}"` });
    for (const match of matches) if (!resolved.includes(match)) resolved.push(match);
  }
  return resolved;
}

function addRow(row: GenericRow, context: Context, groups: Map<string, Group>): void {
  const { fields, humanFields, problems } = context;
  const { line, record } = row;
  const bad = findUnstorableText(record, []);
  if (bad) {
    problems.add({ line, path: formatJsonPath(bad), message: "contains U+0000 or an unpaired surrogate, which PostgreSQL cannot store" });
    return;
  }
  const itemId = textOf(record[fields.itemField]);
  if (itemId === null) problems.add({ line, path: fields.itemField, message: "an item id is required" });
  const dimension = textOf(record[fields.dimensionField]);
  const criterion = dimension ?? OVERALL;
  const type = context.types.get(criterion);
  if (type === undefined) return; // its type could not be resolved, reported once
  const judge = readCriterionValue(type, criterion, record[fields.judgeField]);
  if (judge === null && !context.isJudgeOptional) problems.add({ line, path: fields.judgeField, message: isLabelType(type.type) ? "a judge label is required" : "a judge score is required" });
  else if (judge === null) {
    // no judge value on this item: allowed for native imports
  } else if ("error" in judge) problems.add({ line, path: fields.judgeField, message: judge.error });
  const confidence = fields.confidenceField ? readConfidence(record[fields.confidenceField]) : { value: null };
  if ("error" in confidence) problems.add({ line, path: fields.confidenceField!, message: confidence.error });
  const annotatorValue = textOf(record[fields.annotatorField]);
  const generatorModel = textOf(record[fields.generatorModelField])?.trim() ?? null;
  if (generatorModel !== null && generatorModel.length > 200) {
    problems.add({ line, path: fields.generatorModelField, message: `a model name is at most 200 characters, got ${generatorModel.length}` });
  }
  const ratings: GenericRating[] = [];
  for (const field of humanFields) {
    const read = readCriterionValue(type, criterion, record[field]);
    if (read === null) continue;
    if ("error" in read) {
      problems.add({ line, path: field, message: read.error });
      continue;
    }
    const annotator = annotatorValue === null ? field : humanFields.length === 1 ? annotatorValue : `${annotatorValue}:${field}`;
    ratings.push({ annotator, ...ratingValue(read.value) });
  }
  if (itemId === null || (judge === null && !context.isJudgeOptional) || (judge !== null && "error" in judge) || "error" in confidence) return;
  const judgeValue = judge === null ? null : judge.value;

  const groupName = textOf(record[fields.groupField]);
  const groupKey = groupName ?? "";
  let group = groups.get(groupKey);
  if (group === undefined) groups.set(groupKey, (group = { group: groupName, items: new Map() }));
  const itemKey = JSON.stringify([itemId, dimension]);
  // 0.5, "pass", ["a","b"]: the key that must agree across rows of an item, and how it reads.
  const judgeKey = judgeValue === null ? "none" : "score" in judgeValue ? String(judgeValue.score) : JSON.stringify("label" in judgeValue ? judgeValue.label : judgeValue.labels);
  let item = group.items.get(itemKey);
  if (item === undefined) {
    const turn = newTurn(group.items.size, itemId, dimension, textOf(record[fields.textField]), judgeValue, confidence.value);
    turn.turn.generator_model = generatorModel;
    item = { turn, rows: [], judgeLine: line, judgeKey, confidence: confidence.value, generatorModel };
    group.items.set(itemKey, item);
  } else if (item.judgeKey !== judgeKey) {
    const what = judgeValue !== null && "score" in judgeValue ? "score" : "label";
    problems.add({ line, path: fields.judgeField, message: `judge ${what} ${judgeKey} differs from ${item.judgeKey} on line ${item.judgeLine} for the same item` });
  } else if (item.confidence !== confidence.value) {
    problems.add({ line, path: fields.confidenceField!, message: `confidence ${confidence.value} differs from ${item.confidence} on line ${item.judgeLine} for the same item` });
  } else if (item.generatorModel !== generatorModel) {
    problems.add({
      line,
      path: fields.generatorModelField,
      message: `generator model ${JSON.stringify(generatorModel)} differs from ${JSON.stringify(item.generatorModel)} on line ${item.judgeLine} for the same item`,
    });
  }
  item.rows.push(row);
  for (const rating of ratings) {
    const earlier = item.turn.ratings.find((r) => r.annotator === rating.annotator);
    if (earlier) problems.add({ line, path: fields.annotatorField, message: `annotator "${rating.annotator}" already rated this item` });
    else item.turn.ratings.push(rating);
  }
}

function ratingValue(value: CriterionValue): Omit<GenericRating, "annotator"> {
  if ("score" in value) return { score: value.score, level: value.level, label: null, labels: null };
  return { score: null, level: null, label: "label" in value ? value.label : null, labels: "labels" in value ? value.labels : null };
}

/** The judge's confidence, 0–1; null when not given. */
function readConfidence(raw: unknown): { value: number | null } | { error: string } {
  const cell = readCell(raw);
  if (cell.kind === "missing") return { value: null };
  if (cell.kind === "number" && cell.value >= 0 && cell.value <= 1) return { value: cell.value };
  return { error: `a confidence is a number from 0 to 1, got ${JSON.stringify(raw)}` };
}

function newTurn(ordinal: number, itemId: string, dimension: string | null, text: string | null, judge: CriterionValue | null, confidence: number | null): GenericTurn {
  const response = text ?? "";
  const isScore = judge !== null && "score" in judge;
  return {
    turn: {
      ordinal,
      depth_index: null,
      step_index: null,
      occurred_at: null,
      persona_id: dimension ?? "item",
      persona_name: null,
      persona_role: null,
      backend_id: null,
      backend_type: null,
      prompt_digest: null,
      response,
      word_count: countSplitWords(response),
      affect_amplitude: null,
      item_id: itemId,
      dimension,
      generator_model: null,
      phase: null,
      state_after: null,
    },
    // Label criteria get no judge_scores row: the judge's answer is not a score on the
    // overall scale that the session pages, the sessions list and the queue read.
    score: isScore
      ? {
          overall_score: judge.score,
          length_score: null,
          sentiment_score: null,
          completeness_score: null,
          critical_intensity: null,
          impact_score: null,
          metrics: null,
          is_imported: true,
        }
      : null,
    judgeLabel: isScore || judge === null ? null : { label: "label" in judge ? judge.label : null, labels: "labels" in judge ? judge.labels : null, confidence },
    raw: "",
    ratings: [],
  };
}

function toSession(group: Group, options: { judgeName: string; sessionId: string | null }): GenericSessionPlan {
  const hash = newContentHash("generic");
  addJson(hash, { judge: options.judgeName, group: group.group });
  const turns: GenericTurn[] = [];
  for (const item of group.items.values()) {
    const records = item.rows.map((row) => row.record);
    const raw = JSON.stringify(records.length === 1 ? records[0] : records);
    hash.update(raw).update("\n");
    turns.push({ ...item.turn, raw });
  }
  const contentHash = hash.digest("hex");
  const { sessionId } = options;
  const externalId =
    sessionId === null ? anonymousExternalId(contentHash) : group.group === null ? sessionId : `${sessionId}/${group.group}`;
  return { externalId, contentHash, group: group.group, meta: { group: group.group, judge: options.judgeName }, turns };
}

/** A non-blank string or number as text; null when missing or blank. */
function textOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim() !== "") return value;
  return null;
}
