// A native source's values as the rows the generic import reads (long format): one row per
// human value, carrying the item's judge value, or one row with the judge value alone when no
// human rated the item. The item is the pairing key (item + criterion); a second judge value
// for the same key is refused here, naming both records.
import { genericFieldsSchema, type GenericFields } from "../import-options.schema";
import type { ImportProblem } from "../problems";
import type { GenericRow, GenericTable } from "../read-generic-table";
import type { SourceRead, SourceValue } from "./source-values";

export const NATIVE_COLUMNS = ["item_id", "dimension", "text", "judge_score", "annotator", "human_score"];

type Key = { item: string; criterion: string; judge: SourceValue | null; humans: SourceValue[] };

export type NativeTable = {
  table: GenericTable;
  fields: GenericFields;
  /** A problem the generic import found in a row, moved to the source record and field it came from. */
  locate: (problem: ImportProblem) => ImportProblem;
};

export function toGenericTable(read: SourceRead, judgeName?: string): NativeTable | { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const keys = new Map<string, Key>();
  for (const value of read.values) {
    const id = JSON.stringify([value.item, value.criterion]);
    let key = keys.get(id);
    if (key === undefined) keys.set(id, (key = { item: value.item, criterion: value.criterion, judge: null, humans: [] }));
    if (value.role === "human") {
      key.humans.push(value);
    } else if (key.judge === null) {
      key.judge = value;
    } else {
      const first = value.rater === key.judge.rater ? `${value.rater} gave one already at ${where(key.judge)}` : `from ${value.rater}; the first, from ${key.judge.rater}, is at ${where(key.judge)}`;
      problems.push({ line: value.line, path: value.path, message: `a second judge value for item "${value.item}", criterion "${value.criterion}" (${first}): an import holds one judge value per item and criterion` });
    }
  }
  if (problems.length > 0) return { problems };

  // Each row's line is its own number, so that a problem the generic import reports on a row
  // can be moved back to the record it came from (locate).
  const rows: GenericRow[] = [];
  const origins: { judge: SourceValue | null; human: SourceValue | null }[] = [];
  for (const key of keys.values()) {
    const base = { item_id: key.item, dimension: key.criterion, text: read.texts.get(key.item) ?? null, judge_score: key.judge?.value ?? null };
    if (key.humans.length === 0) {
      origins.push({ judge: key.judge, human: null });
      rows.push({ line: origins.length, record: base });
    }
    for (const human of key.humans) {
      origins.push({ judge: key.judge, human });
      rows.push({ line: origins.length, record: { ...base, annotator: human.rater, human_score: human.value } });
    }
  }
  const locate = (problem: ImportProblem): ImportProblem => {
    const origin = problem.line === null ? undefined : origins[problem.line - 1];
    if (origin === undefined) return { ...problem, path: problem.path === "dimension" ? "criterion" : problem.path };
    const value = problem.path === "judge_score" ? origin.judge : (origin.human ?? origin.judge);
    return value === null ? problem : { line: value.line, path: value.path, message: problem.message };
  };
  const fields = genericFieldsSchema.parse({
    humanFields: ["human_score"],
    judgeName: judgeName ?? read.source,
    criterionTypes: [],
  });
  return { table: { format: "jsonl", rows, columns: NATIVE_COLUMNS }, fields: { ...fields, criterionTypes: read.declared }, locate };
}

function where(value: SourceValue): string {
  return value.line !== null ? `line ${value.line}` : value.path;
}
