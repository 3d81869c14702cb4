// Columns filled row by row: numbers straight into a growing Float64Array, other values in
// one array per field (CSV text interned, so a column of a thousand group ids holds a
// thousand strings, not a million). No object is made or kept per row.
import { ByteInterner } from "@/lib/byte-interner";

/**
 * A column read as numbers: `values[i]` is the row's number, or NaN when the value was not
 * one — then `others` holds it as read (undefined: absent from a JSONL line; null, a blank
 * or a non-numeric string, an array…), for the caller to skip or to name in an error.
 */
export type NumberColumn = { values: Float64Array; others: Map<number, unknown> };

export type Columns = {
  length: number;
  /** The line each row starts on (CSV: ends on, as csv-parse counts), for error messages. */
  lines: Int32Array;
  text: Map<string, unknown[]>;
  numbers: Map<string, NumberColumn>;
  /**
   * Text columns read by bytes (CSV): each row's code, the index of its value in
   * `dictionary`, or −1 where the value was not interned (then read `text`).
   */
  codes: Map<string, Int32Array>;
  dictionary: string[];
};

/** A value as a number when it is one or a string holding one (as toNumber reads it), else NaN. */
export function numberOrNaN(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : NaN;
  if (typeof value !== "string") return NaN;
  const trimmed = value.trim();
  if (trimmed === "") return NaN;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : NaN;
}

const INTERN_LIMIT = 1 << 16;

export class TableBuilder {
  length = 0;
  private lines = new Int32Array(1024);
  private readonly texts: unknown[][];
  private numbers: Float64Array[];
  private readonly others: Map<number, unknown>[];
  private readonly interned = new Map<string, string>();
  private readonly interner: ByteInterner | null;
  private codes: Int32Array[];

  /** `byBytes`: text cells come as bytes (setCellBytes, or setCell for a few), and get codes. */
  constructor(
    readonly textFields: string[],
    readonly numberFields: string[],
    byBytes = false,
  ) {
    this.texts = textFields.map(() => []);
    this.numbers = numberFields.map(() => new Float64Array(1024));
    this.others = numberFields.map(() => new Map());
    this.interner = byBytes ? new ByteInterner({ maxCodes: 1 << 16, maxBytes: 256 }) : null;
    this.codes = byBytes ? textFields.map(() => new Int32Array(1024)) : [];
  }

  /** Starts row `this.length` on `line`; the caller fills every column, then calls endRow. */
  startRow(line: number): void {
    if (this.length === this.lines.length) this.grow();
    this.lines[this.length] = line;
  }

  endRow(): void {
    this.length++;
  }

  setText(k: number, value: unknown): void {
    this.texts[k].push(value);
  }

  /** A CSV cell: the same text value repeated shares one string. */
  setCell(k: number, value: string): void {
    let shared = this.interned.get(value);
    if (shared === undefined) {
      shared = value;
      if (this.interned.size < INTERN_LIMIT) this.interned.set(value, value);
    }
    this.texts[k].push(shared);
    if (this.interner) this.codes[k][this.length] = -1;
  }

  /** A CSV cell as its UTF-8 bytes and their byteHash (table built `byBytes`): decoded once per distinct value. */
  setCellBytes(k: number, bytes: Buffer, start: number, end: number, hash: number): void {
    const code = this.interner!.intern(bytes, start, end, hash);
    if (code < 0) {
      this.setCell(k, bytes.toString("utf8", start, end));
      return;
    }
    this.texts[k].push(this.interner!.strings[code]);
    this.codes[k][this.length] = code;
  }

  setNumber(k: number, value: number): void {
    this.numbers[k][this.length] = value;
  }

  /** A value that is not a number (or may not be): stored as a number when it reads as one. */
  setValue(k: number, value: unknown): void {
    const number = numberOrNaN(value);
    this.numbers[k][this.length] = number;
    if (number !== number) this.others[k].set(this.length, value);
  }

  finish(): Columns {
    const n = this.length;
    return {
      length: n,
      lines: this.lines.slice(0, n),
      text: new Map(this.textFields.map((field, k) => [field, this.texts[k]])),
      numbers: new Map(this.numberFields.map((field, k) => [field, { values: this.numbers[k].slice(0, n), others: this.others[k] }])),
      codes: new Map(this.codes.map((codes, k) => [this.textFields[k], codes.slice(0, n)])),
      dictionary: this.interner?.strings ?? [],
    };
  }

  private grow(): void {
    const size = this.lines.length * 2;
    const lines = new Int32Array(size);
    lines.set(this.lines);
    this.lines = lines;
    this.numbers = this.numbers.map((column) => {
      const bigger = new Float64Array(size);
      bigger.set(column);
      return bigger;
    });
    this.codes = this.codes.map((column) => {
      const bigger = new Int32Array(size);
      bigger.set(column);
      return bigger;
    });
  }
}
