// The asked-for columns of a CSV (or TSV) file, streamed. Files with one line ending
// throughout, every row as wide as the header, and quotes only around whole cells on one line
// — nearly all of them — are split on the raw bytes, numbers parsed in place. Anything else (a
// line break or "\r" inside quotes, a stray quote, a short row, a quoted header) goes back to
// csv-parse for the whole file, so quoting rules, line numbers and error messages are
// csv-parse's own, as `concord import --generic` reads them.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { forEachLine } from "./file-lines.ts";
import { TableBuilder, type Columns } from "./table-builder.ts";

export type CsvColumns = Columns & { header: string[] };
export type CsvProblem = { line: number | null; message: string };

class NeedsCsvParse extends Error {}

const QUOTE = 0x22;
const CR = 0x0d;
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

export function readCsvColumns(path: string, delimiter: string, textFields: string[], numberFields: string[]): CsvColumns | CsvProblem {
  try {
    return fastCsv(path, delimiter.charCodeAt(0), textFields, numberFields);
  } catch (error) {
    if (!(error instanceof NeedsCsvParse)) throw error;
  }
  return csvParseColumns(readFileSync(path, "utf8"), delimiter, textFields, numberFields);
}

/** Where each column of the header goes: −1 nowhere, k ≥ 0 text column k, −2 − k number column k. */
function slotsOf(header: string[], textFields: string[], numberFields: string[]): Int32Array {
  const slots = new Int32Array(header.length).fill(-1);
  // A repeated name keeps its last column, as csv-parse's records do.
  const last = new Map(header.map((name, index) => [name, index]));
  textFields.forEach((field, k) => last.has(field) && (slots[last.get(field)!] = k));
  numberFields.forEach((field, k) => last.has(field) && (slots[last.get(field)!] = -2 - k));
  return slots;
}

function fastCsv(path: string, delimiter: number, textFields: string[], numberFields: string[]): CsvColumns {
  const table = new TableBuilder(textFields, numberFields);
  let header: string[] | null = null;
  let slots: Int32Array = new Int32Array(0);
  let isCrlf = false;
  forEachLine(path, (bytes, start, end, line, terminated) => {
    if (header === null) {
      const text = bytes.toString("utf8", start, end);
      if (text.includes('"')) throw new NeedsCsvParse();
      // csv-parse takes the line ending it meets first for the whole file.
      if (text.endsWith("\r") && line === 1 && terminated && text.indexOf("\r") === text.length - 1) isCrlf = true;
      else if (text.includes("\r")) throw new NeedsCsvParse();
      const names = isCrlf ? text.slice(0, -1) : text;
      if (names === "") return; // an empty line, skipped
      header = names.split(String.fromCharCode(delimiter)).map((name) => name.trim());
      slots = slotsOf(header, textFields, numberFields);
      return;
    }
    if (isCrlf && terminated) {
      if (bytes[end - 1] !== CR) throw new NeedsCsvParse();
      end--;
    }
    if (start === end) return; // an empty line, skipped
    table.startRow(line);
    let column = 0;
    let cellStart = start;
    for (let p = start; p <= end; p++) {
      if (p < end) {
        const c = bytes[p];
        if (c === QUOTE && p === cellStart) {
          p = quotedCellEnd(bytes, p, end, delimiter);
          if (column >= slots.length) throw new NeedsCsvParse();
          const slot = slots[column++];
          if (slot !== -1) {
            const value = bytes.toString("utf8", cellStart + 1, p - 1).replaceAll('""', '"');
            if (slot >= 0) table.setCell(slot, value);
            else table.setValue(-2 - slot, value);
          }
          cellStart = p + 1;
          continue;
        }
        if (c === QUOTE || c === CR) throw new NeedsCsvParse();
        if (c !== delimiter) continue;
      }
      if (column >= slots.length) throw new NeedsCsvParse();
      const slot = slots[column++];
      if (slot >= 0) table.setCell(slot, bytes.toString("utf8", cellStart, p));
      else if (slot < -1) {
        const number = parseDecimal(bytes, cellStart, p);
        if (number === number) table.setNumber(-2 - slot, number);
        else table.setValue(-2 - slot, bytes.toString("utf8", cellStart, p));
      }
      cellStart = p + 1;
    }
    if (column !== slots.length) throw new NeedsCsvParse();
    table.endRow();
  });
  return { ...table.finish(), header: header ?? [] };
}

/**
 * Where a quoted cell opening at `open` ends (the delimiter or line end after its closing
 * quote), "" inside being one quote. A quoted cell running past the line (a line break inside
 * it) or followed by anything but the delimiter goes to csv-parse, as does a "\r" inside.
 */
function quotedCellEnd(bytes: Buffer, open: number, end: number, delimiter: number): number {
  for (let p = open + 1; p < end; p++) {
    const c = bytes[p];
    if (c === CR) throw new NeedsCsvParse();
    if (c !== QUOTE) continue;
    if (p + 1 < end && bytes[p + 1] === QUOTE) {
      p++;
      continue;
    }
    if (p + 1 === end || bytes[p + 1] === delimiter) return p + 1;
    throw new NeedsCsvParse();
  }
  throw new NeedsCsvParse();
}

/**
 * A plain decimal ([+-]digits[.digits], at most 15 digits) as Number() reads it, else NaN
 * (the caller then reads the text). With an integer mantissa m < 2⁵³ and 10ᵏ exact (k ≤ 22),
 * m / 10ᵏ is one correctly rounded division: the same double as the decimal text's.
 */
function parseDecimal(bytes: Buffer, start: number, end: number): number {
  let p = start;
  let isNegative = false;
  if (p < end && (bytes[p] === 0x2d || bytes[p] === 0x2b)) isNegative = bytes[p++] === 0x2d;
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (; p < end; p++) {
    const c = bytes[p];
    if (c >= 0x30 && c <= 0x39) {
      mantissa = mantissa * 10 + (c - 0x30);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 0x2e && decimals < 0) decimals = 0;
    else return NaN;
  }
  if (digits === 0 || digits > 15) return NaN;
  const value = decimals > 0 ? mantissa / POW10[decimals] : mantissa;
  return isNegative ? -value : value;
}

/** csv-parse over the whole text, each record's asked-for cells taken as it is parsed. */
function csvParseColumns(text: string, delimiter: string, textFields: string[], numberFields: string[]): CsvColumns | CsvProblem {
  const table = new TableBuilder(textFields, numberFields);
  let header: string[] = [];
  try {
    parse(text, {
      bom: true,
      delimiter,
      columns: (names: string[]) => (header = names.map((name) => name.trim())),
      skip_empty_lines: true,
      on_record: (record: Record<string, string>, context: { lines: number }) => {
        table.startRow(context.lines);
        textFields.forEach((field, k) => table.setText(k, record[field]));
        numberFields.forEach((field, k) => table.setValue(k, record[field]));
        table.endRow();
        return null;
      },
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { line: typeof line === "number" ? line : null, message: `not valid CSV (${(error as Error).message})` };
  }
  return { ...table.finish(), header };
}
