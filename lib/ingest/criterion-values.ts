// The values of one criterion in a generic dataset: how a cell is read (number, boolean, label,
// label set), which type the values make when none is declared, and each value as the type
// stores it. Pure, so the rules are tested on their own (criterion-values.test.ts).
//
// Inference, over every judge and human value of the criterion:
// - a list anywhere (a JSON array, or "a|b" text) → multilabel;
// - else a number anywhere → ordinal when every human number is an integer from 1 to 10 (what
//   Concord always did; the judge's number may be any), numeric otherwise; text among numbers
//   is then reported as "expected a number" (a typo more often than a label: declare
//   categorical to read such values as labels);
// - else only booleans or one pair of true/false, yes/no, pass/fail (any case) → binary,
//   positive true/yes/pass;
// - else categorical.
// Inferred labels are sorted by code unit (as JavaScript sorts strings), not by first
// appearance, so the same data in another row order gets the same type.
import type { CriterionDeclaration, CriterionType } from "./criterion-type.schema";

export type Cell =
  | { kind: "missing" }
  | { kind: "boolean"; value: boolean; text: string }
  | { kind: "number"; value: number; text: string }
  | { kind: "text"; text: string }
  | { kind: "set"; labels: string[] }
  | { kind: "invalid"; message: string };

/** A value as stored: a number (ordinal, numeric), a label (binary, categorical) or a label set (multilabel). */
export type CriterionValue = { score: number; level: number | null } | { label: string } | { labels: string[] };

const BOOLEAN_PAIRS = [["false", "true"], ["no", "yes"], ["fail", "pass"]] as const;

/** A cell of JSONL or CSV: blank is missing; in CSV `[]` is the empty set and a JSON array text is read as one. */
export function readCell(value: unknown): Cell {
  if (value === undefined || value === null) return { kind: "missing" };
  if (typeof value === "boolean") return { kind: "boolean", value, text: String(value) };
  if (typeof value === "number") {
    return Number.isFinite(value) ? { kind: "number", value, text: String(value) } : { kind: "invalid", message: `expected a finite number, got ${value}` };
  }
  if (Array.isArray(value)) return setCell(value);
  if (typeof value !== "string") return { kind: "invalid", message: `expected a number, a label or a list of labels, got ${JSON.stringify(value)}` };
  const text = value.trim();
  if (text === "") return { kind: "missing" };
  if (text.startsWith("[") && text.endsWith("]")) {
    const parsed = parseJsonArray(text);
    if (parsed) return setCell(parsed);
  }
  if (text.includes("|")) return setCell(text.split("|").map((part) => part.trim()).filter((part) => part !== ""));
  const number = Number(text);
  if (Number.isFinite(number)) return { kind: "number", value: number, text };
  return { kind: "text", text };
}

function parseJsonArray(text: string): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function setCell(items: readonly unknown[]): Cell {
  const labels: string[] = [];
  for (const item of items) {
    const text = typeof item === "string" ? item.trim() : typeof item === "number" && Number.isFinite(item) ? String(item) : null;
    if (text === null || text === "") return { kind: "invalid", message: `a label set holds labels (text), got ${JSON.stringify(item)}` };
    labels.push(text);
  }
  return { kind: "set", labels: [...new Set(labels)].sort() };
}

/** The pair (index in BOOLEAN_PAIRS) and side of a boolean-like cell, else null. */
function booleanOf(cell: Cell): { pair: number; isPositive: boolean } | null {
  if (cell.kind === "boolean") return { pair: 0, isPositive: cell.value };
  if (cell.kind !== "text") return null;
  const word = cell.text.toLowerCase();
  const pair = BOOLEAN_PAIRS.findIndex((p) => p.includes(word as never));
  return pair < 0 ? null : { pair, isPositive: BOOLEAN_PAIRS[pair][1] === word };
}

/** A single label's text: the cell as written (booleans as true/false); null for sets and the rest. */
function labelText(cell: Cell): string | null {
  return cell.kind === "text" || cell.kind === "number" || cell.kind === "boolean" ? cell.text : null;
}

const isLevel = (n: number) => Number.isInteger(n) && n >= 1 && n <= 10;
const sorted = (labels: Iterable<string>) => [...new Set(labels)].sort();

/** The type the values make (see the rules at the top); `human` decides between ordinal and numeric. */
export function inferCriterionType(human: readonly unknown[], judge: readonly unknown[] = []): { type: CriterionType } | { error: string } {
  const humanCells = human.map(readCell);
  const cells = [...humanCells, ...judge.map(readCell)].filter((cell) => cell.kind !== "missing" && cell.kind !== "invalid");
  let name: CriterionType["type"];
  if (cells.some((cell) => cell.kind === "set")) name = "multilabel";
  else if (cells.length === 0) name = "ordinal";
  else if (cells.some((cell) => cell.kind === "number")) {
    name = humanCells.every((cell) => cell.kind !== "number" || isLevel(cell.value)) ? "ordinal" : "numeric";
  } else {
    const pairs = new Set(cells.map((cell) => booleanOf(cell)?.pair ?? -1));
    name = pairs.size === 1 && !pairs.has(-1) ? "binary" : "categorical";
  }
  return completeCriterionType({ criterion: "", type: name, labels: null, positive: null, range: null }, cells);
}

/** A declared type with what it leaves open (labels, positive, range) taken from the values. */
export function resolveDeclaredType(declaration: CriterionDeclaration, values: readonly unknown[]): { type: CriterionType } | { error: string } {
  return completeCriterionType(declaration, values.map(readCell));
}

function completeCriterionType(declared: CriterionDeclaration, cells: readonly Cell[]): { type: CriterionType } | { error: string } {
  const texts = cells.map(labelText).filter((text): text is string => text !== null);
  switch (declared.type) {
    case "ordinal":
      return { type: { type: "ordinal" } };
    case "numeric": {
      if (declared.range) return { type: { type: "numeric", ...declared.range } };
      const numbers = cells.flatMap((cell) => (cell.kind === "number" ? [cell.value] : []));
      let [min, max] = numbers.length === 0 ? [0, 1] : [Math.min(...numbers), Math.max(...numbers)];
      // One value seen: a range that holds it and the 0–1 of a probability.
      if (min === max) [min, max] = [Math.min(min, 0), Math.max(max, 1)];
      return { type: { type: "numeric", min, max } };
    }
    case "binary":
      return { type: binaryType(declared, cells, texts) };
    case "categorical": {
      const labels = declared.labels ?? sorted(texts);
      if (labels.length < 2) {
        return { error: `has ${labels.length === 0 ? "no labels" : `only the label "${labels[0]}"`}; declare its labels (NAME=categorical:a,b,…)` };
      }
      return { type: { type: "categorical", labels } };
    }
    case "multilabel": {
      const labels = declared.labels ?? sorted([...texts, ...cells.flatMap((cell) => (cell.kind === "set" ? cell.labels : []))]);
      if (labels.length === 0) return { error: "has no labels; declare them (NAME=multilabel:a,b,…)" };
      return { type: { type: "multilabel", labels } };
    }
  }
}

function binaryType(declared: CriterionDeclaration, cells: readonly Cell[], texts: readonly string[]): CriterionType {
  if (declared.labels) return { type: "binary", labels: [declared.labels[0], declared.labels[1]], positive: declared.labels[1] };
  const positive = declared.positive;
  const wordPair = (pair: number, isPositive: boolean): CriterionType => {
    const [negative, positiveWord] = BOOLEAN_PAIRS[pair];
    return isPositive ? { type: "binary", labels: [negative, positiveWord], positive: positiveWord } : { type: "binary", labels: [positiveWord, negative], positive: negative };
  };
  if (positive === null) {
    // The pair of the first boolean-like value; values of another pair are then reported.
    const first = cells.map(booleanOf).find((b) => b !== null);
    return wordPair(first?.pair ?? 0, true);
  }
  const word = booleanOf({ kind: "text", text: positive });
  if (word) return wordPair(word.pair, word.isPositive);
  const negative = sorted(texts.filter((text) => text !== positive))[0] ?? `not ${positive}`;
  return { type: "binary", labels: [negative, positive], positive };
}

/** One value as the criterion's type stores it; null when missing; an error message naming what is wrong. */
export function readCriterionValue(type: CriterionType, criterion: string, raw: unknown): { value: CriterionValue } | { error: string } | null {
  const cell = readCell(raw);
  if (cell.kind === "missing") return null;
  if (cell.kind === "invalid") return { error: cell.message };
  const notLabel = (text: string, labels: readonly string[]) => ({
    error: `"${text}" is not a label of ${type.type} criterion "${criterion}" (${labels.join(", ")})`,
  });
  switch (type.type) {
    case "ordinal":
    case "numeric": {
      if (cell.kind !== "number") return { error: `expected a number, got ${JSON.stringify(raw)}` };
      if (type.type === "numeric" && (cell.value < type.min || cell.value > type.max)) {
        return { error: `${cell.text} is outside ${type.min}–${type.max}, the range of numeric criterion "${criterion}"` };
      }
      return { value: { score: cell.value, level: isLevel(cell.value) ? cell.value : null } };
    }
    case "binary":
    case "categorical": {
      if (cell.kind === "set") return { error: `a multi-label value given for ${type.type} criterion "${criterion}"` };
      const text = labelText(cell)!;
      const label = type.labels.find((l) => l === text) ?? (type.type === "binary" ? type.labels.find((l) => isWordOf(l, text)) : undefined);
      return label === undefined ? notLabel(text, type.labels) : { value: { label } };
    }
    case "multilabel": {
      const labels = cell.kind === "set" ? cell.labels : [labelText(cell)!];
      const unknown = labels.find((l) => !type.labels.includes(l));
      return unknown === undefined ? { value: { labels } } : notLabel(unknown, type.labels);
    }
  }
}

/** "Pass" for the label "pass": boolean words match in any case. */
function isWordOf(label: string, text: string): boolean {
  const lower = label.toLowerCase();
  return lower === text.toLowerCase() && BOOLEAN_PAIRS.some((pair) => pair.includes(lower as never));
}
