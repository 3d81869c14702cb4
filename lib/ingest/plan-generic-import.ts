// A generic judge-vs-human dataset mapped onto Concord's model (SPEC §2): a group becomes a
// session, an item (per dimension) a turn, the judge score a judge score and each human
// score a rating by its annotator — so the session pages and the agreement report read
// them like any other. Rows of one item may repeat (long format, one annotator per row) or
// carry several human columns (wide format); both end up as one turn with several ratings.
import { countSplitWords } from "@/lib/judge";
import { addJson, anonymousExternalId, newContentHash } from "./content-hash";
import type { GenericFields } from "./import-options.schema";
import { findUnstorableText } from "./parse-log-line";
import { formatJsonPath } from "./json-path";
import { ProblemCollector, type ProblemReport } from "./problems";
import type { GenericRow, GenericTable } from "./read-generic-table";
import type { StoredTurn } from "./turn-row";

export type GenericRating = { annotator: string; score: number; level: number | null };
export type GenericTurn = StoredTurn & { ratings: GenericRating[] };
export type GenericSessionPlan = {
  externalId: string;
  contentHash: string;
  group: string | null;
  meta: Record<string, unknown>;
  turns: GenericTurn[];
};
export type GenericPlan = { sessions: GenericSessionPlan[]; turnCount: number; ratingCount: number; humanFields: string[] };

type Item = { turn: GenericTurn; rows: GenericRow[]; judgeLine: number };
type Group = { group: string | null; items: Map<string, Item> };

export function planGenericImport(
  table: GenericTable,
  fields: GenericFields,
  options: { judgeName: string; sessionId: string | null },
): { plan: GenericPlan } | { problems: ProblemReport } {
  const problems = new ProblemCollector();
  const humanFields = resolveHumanFields(table.columns, fields.humanFields, problems);
  for (const field of [fields.itemField, fields.judgeField]) {
    if (!table.columns.includes(field)) problems.add({ line: null, path: field, message: `no row has the field "${field}"` });
  }
  if (table.rows.length === 0) problems.add({ line: null, path: "", message: "the input holds no rows" });
  if (problems.hasProblems) return { problems: problems.report() };

  const groups = new Map<string, Group>();
  for (const row of table.rows) addRow(row, fields, humanFields, groups, problems);
  if (problems.hasProblems) return { problems: problems.report() };

  const sessions = [...groups.values()].map((group) => toSession(group, options));
  const turnCount = sessions.reduce((n, s) => n + s.turns.length, 0);
  const ratingCount = sessions.reduce((n, s) => n + s.turns.reduce((m, t) => m + t.ratings.length, 0), 0);
  return { plan: { sessions, turnCount, ratingCount, humanFields } };
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

function addRow(row: GenericRow, fields: GenericFields, humanFields: readonly string[], groups: Map<string, Group>, problems: ProblemCollector): void {
  const { line, record } = row;
  const bad = findUnstorableText(record, []);
  if (bad) {
    problems.add({ line, path: formatJsonPath(bad), message: "contains U+0000 or an unpaired surrogate, which PostgreSQL cannot store" });
    return;
  }
  const itemId = textOf(record[fields.itemField]);
  if (itemId === null) problems.add({ line, path: fields.itemField, message: "an item id is required" });
  const judge = numberOf(record[fields.judgeField]);
  if (judge === undefined) problems.add({ line, path: fields.judgeField, message: "a judge score is required" });
  if (judge === null) problems.add({ line, path: fields.judgeField, message: `expected a number, got ${JSON.stringify(record[fields.judgeField])}` });
  const annotatorValue = textOf(record[fields.annotatorField]);
  const ratings: GenericRating[] = [];
  for (const field of humanFields) {
    const score = numberOf(record[field]);
    if (score === undefined) continue;
    if (score === null) {
      problems.add({ line, path: field, message: `expected a number, got ${JSON.stringify(record[field])}` });
      continue;
    }
    const annotator = annotatorValue === null ? field : humanFields.length === 1 ? annotatorValue : `${annotatorValue}:${field}`;
    ratings.push({ annotator, score, level: Number.isInteger(score) && score >= 1 && score <= 10 ? score : null });
  }
  if (itemId === null || typeof judge !== "number") return;

  const groupName = textOf(record[fields.groupField]);
  const dimension = textOf(record[fields.dimensionField]);
  const groupKey = groupName ?? "";
  let group = groups.get(groupKey);
  if (group === undefined) groups.set(groupKey, (group = { group: groupName, items: new Map() }));
  const itemKey = JSON.stringify([itemId, dimension]);
  let item = group.items.get(itemKey);
  if (item === undefined) {
    item = { turn: newTurn(group.items.size, itemId, dimension, textOf(record[fields.textField]), judge), rows: [], judgeLine: line };
    group.items.set(itemKey, item);
  } else if (item.turn.score!.overall_score !== judge) {
    problems.add({ line, path: fields.judgeField, message: `judge score ${judge} differs from ${item.turn.score!.overall_score} on line ${item.judgeLine} for the same item` });
  }
  item.rows.push(row);
  for (const rating of ratings) {
    const earlier = item.turn.ratings.find((r) => r.annotator === rating.annotator);
    if (earlier) problems.add({ line, path: fields.annotatorField, message: `annotator "${rating.annotator}" already rated this item` });
    else item.turn.ratings.push(rating);
  }
}

function newTurn(ordinal: number, itemId: string, dimension: string | null, text: string | null, judge: number): GenericTurn {
  const response = text ?? "";
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
      phase: null,
      state_after: null,
    },
    score: {
      overall_score: judge,
      length_score: null,
      sentiment_score: null,
      completeness_score: null,
      critical_intensity: null,
      impact_score: null,
      metrics: null,
      is_imported: true,
    },
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

/** undefined when missing or blank; null when present but not a finite number. */
function numberOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") {
    if (value.trim() === "") return undefined;
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : null;
  }
  return null;
}
