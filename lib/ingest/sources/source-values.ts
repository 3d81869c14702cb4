// What a native source (Langfuse, LangSmith, Phoenix, Label Studio, Argilla, Inspect) holds once
// its own records are read: values of a criterion on an item, each by a human rater or by the
// judge, with where it came from. to-generic-table.ts turns them into the rows the generic
// import stores, so storage, idempotency and all-or-nothing are the generic import's.
import type { CriterionDeclaration } from "../criterion-type.schema";
import type { ImportProblem } from "../problems";

export const SOURCE_NAMES = ["langfuse", "langsmith", "phoenix", "label-studio", "argilla", "inspect"] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

export const SOURCE_TITLES: Record<SourceName, string> = {
  langfuse: "Langfuse",
  langsmith: "LangSmith",
  phoenix: "Phoenix / Arize",
  "label-studio": "Label Studio",
  argilla: "Argilla",
  inspect: "Inspect AI",
};

/** A value as a cell of the generic table reads it: a number, a label, a boolean or a label set. */
export type NativeValue = number | string | boolean | string[];

export type SourceValue = {
  /** The pairing key's item part (trace/observation, run, span, task, record, sample+epoch). */
  item: string;
  /** The criterion (score name, feedback key, control from_name, question, scorer). */
  criterion: string;
  role: "judge" | "human";
  /** A human's id as the source names them; for the judge, the judge's own name (model, scorer). */
  rater: string;
  value: NativeValue;
  /** The record it came from: its line (JSONL, CSV) or 1-based number (JSON array); null inside an archive. */
  line: number | null;
  /** The record's field, or an archive entry and field. */
  path: string;
};

/** A record left out on purpose (not an error): a cancelled annotation, a draft, a text answer. */
export type SkippedRecord = { reason: string; count: number };

export type SourceRead = {
  source: SourceName;
  values: SourceValue[];
  /** Item texts (an input/output, a task's text), shown on the turn. */
  texts: Map<string, string>;
  /** Types the source states (Langfuse dataType, a Label Studio control's type); the rest are inferred. */
  declared: CriterionDeclaration[];
  skipped: SkippedRecord[];
};

/** A record of a file, as read from JSON, JSONL or CSV, with where it is. */
export type SourceRecord = { line: number | null; where: string; record: Record<string, unknown> };

export type SourceResult = { read: SourceRead } | { problems: ImportProblem[] };

/** Collects a source reader's problems and skips; `at` names a field of a record. */
export class SourceReader {
  readonly problems: ImportProblem[] = [];
  readonly values: SourceValue[] = [];
  readonly texts = new Map<string, string>();
  private readonly skips = new Map<string, number>();

  constructor(readonly source: SourceName) {}

  problem(record: SourceRecord, field: string, message: string): void {
    this.problems.push({ line: record.line, path: joinPath(record.where, field), message });
  }

  skip(reason: string): void {
    this.skips.set(reason, (this.skips.get(reason) ?? 0) + 1);
  }

  add(record: SourceRecord, field: string, value: Omit<SourceValue, "line" | "path">): void {
    this.values.push({ ...value, line: record.line, path: joinPath(record.where, field) });
  }

  text(item: string, text: string | null): void {
    if (text !== null && text.trim() !== "" && !this.texts.has(item)) this.texts.set(item, text);
  }

  finish(declared: CriterionDeclaration[] = []): SourceResult {
    if (this.problems.length > 0) return { problems: this.problems };
    if (this.values.length === 0) {
      return { problems: [{ line: null, path: "", message: `no ${SOURCE_TITLES[this.source]} score, label or rating was found in the file` }] };
    }
    const skipped = [...this.skips].map(([reason, count]) => ({ reason, count }));
    return { read: { source: this.source, values: this.values, texts: this.texts, declared, skipped } };
  }
}

function joinPath(where: string, field: string): string {
  if (where === "") return field;
  return field === "" ? where : `${where}: ${field}`;
}

/** A non-blank string or a finite number as text; null otherwise. */
export function idText(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  return null;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A number, or a numeric CSV cell; null when missing; undefined when it is not a number. */
export function numberOf(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string") {
    const n = Number(value.trim());
    return value.trim() !== "" && Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A JSON object or array written into a CSV cell (as pandas and the tools' CSV exports do). */
export function parseCellJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!(text.startsWith("{") || text.startsWith("["))) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}
