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
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

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
  const table = new TableBuilder(textFields, numberFields, true);
  let header: string[] | null = null;
  let parseRow: RowParser | null = null;
  let isCrlf = false;
  forEachLine(path, function csvLine(bytes, start, end, line, terminated) {
    if (parseRow === null) {
      const text = bytes.toString("utf8", start, end);
      if (text.includes('"')) throw new NeedsCsvParse();
      // csv-parse takes the line ending it meets first for the whole file.
      if (text.endsWith("\r") && line === 1 && terminated && text.indexOf("\r") === text.length - 1) isCrlf = true;
      else if (text.includes("\r")) throw new NeedsCsvParse();
      const names = isCrlf ? text.slice(0, -1) : text;
      if (names === "") return; // an empty line, skipped
      header = names.split(String.fromCharCode(delimiter)).map((name) => name.trim());
      parseRow = rowParser(slotsOf(header, textFields, numberFields), delimiter, table);
      return;
    }
    if (isCrlf && terminated) {
      if (bytes[end - 1] !== CR) throw new NeedsCsvParse();
      end--;
    }
    if (start === end) return; // an empty line, skipped
    table.startRow(line);
    parseRow(bytes, start, end);
    table.endRow();
  });
  return { ...table.finish(), header: header ?? [] };
}

type RowParser = (bytes: Buffer, start: number, end: number) => void;

/**
 * Reads one line's cells into the table in one pass over its bytes: unread cells only
 * scanned for their end, text cells hashed as they are scanned and interned by their bytes,
 * numbers parsed as they are scanned. A number cell that is a plain decimal
 * ([+-]digits[.digits], at most 15 digits) is read as Number() reads it: with an integer
 * mantissa m < 2⁵³ and 10ᵏ exact (k ≤ 22), m / 10ᵏ is one correctly rounded division, the
 * same double as the decimal text's; any other is handed over as text. A row wider or
 * narrower than the header, a quote inside a cell, or a "\r" goes to csv-parse. Bytes above
 * the delimiter, the quote and "\r" (letters, digits, ".", "-") take one comparison.
 */
function rowParser(slots: Int32Array, delimiter: number, table: TableBuilder): RowParser {
  const width = slots.length;
  const special = Math.max(delimiter, QUOTE, CR);
  return function parseRow(bytes, start, end) {
    let p = start;
    for (let column = 0; ; column++) {
      if (column === width) throw new NeedsCsvParse();
      const slot = slots[column];
      const cellStart = p;
      if (p < end && bytes[p] === QUOTE) {
        p = quotedCellEnd(bytes, p, end, delimiter);
        if (slot !== -1) {
          const value = bytes.toString("utf8", cellStart + 1, p - 1).replaceAll('""', '"');
          if (slot >= 0) table.setCell(slot, value);
          else table.setValue(-2 - slot, value);
        }
      } else if (slot < -1) {
        let isNegative = false;
        if (p < end && (bytes[p] === 0x2d || bytes[p] === 0x2b)) isNegative = bytes[p++] === 0x2d;
        let mantissa = 0;
        let digits = 0;
        let decimals = -1;
        let isPlain = true;
        for (; p < end; p++) {
          const c = bytes[p];
          if (c >= 0x30 && c <= 0x39) {
            mantissa = mantissa * 10 + (c - 0x30);
            digits++;
            if (decimals >= 0) decimals++;
          } else if (c === 0x2e && decimals < 0) decimals = 0;
          else if (c === delimiter) break;
          else if (c === QUOTE || c === CR) throw new NeedsCsvParse();
          else isPlain = false;
        }
        if (isPlain && digits > 0 && digits <= 15) {
          const value = decimals > 0 ? mantissa / POW10[decimals] : mantissa;
          table.setNumber(-2 - slot, isNegative ? -value : value);
        } else table.setValue(-2 - slot, bytes.toString("utf8", cellStart, p));
      } else if (slot >= 0) {
        let hash = FNV_OFFSET;
        for (; p < end; p++) {
          const c = bytes[p];
          if (c <= special && (c === delimiter || isStray(c))) break;
          hash = Math.imul(hash ^ c, FNV_PRIME);
        }
        table.setCellBytes(slot, bytes, cellStart, p, hash);
      } else {
        for (; p < end; p++) {
          const c = bytes[p];
          if (c <= special && (c === delimiter || isStray(c))) break;
        }
      }
      if (p === end) {
        if (column + 1 !== width) throw new NeedsCsvParse();
        return;
      }
      p++; // the delimiter
    }
  };
}

/** A quote inside an unquoted cell, or a "\r": csv-parse's rules apply (thrown, never returns true). */
function isStray(c: number): boolean {
  if (c === QUOTE || c === CR) throw new NeedsCsvParse();
  return false;
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
