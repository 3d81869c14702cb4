import { describe, expect, it } from "vitest";
import { BinaryCopyReader } from "./binary-copy-reader";

/** A binary COPY stream as PostgreSQL writes it: header (with a 3-byte extension here), rows, trailer. */
function stream(rows: (Buffer | null)[][]): Buffer {
  const parts: Buffer[] = [Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.from([0, 0, 0, 0, 0, 0, 0, 3, 9, 9, 9])];
  for (const row of rows) {
    const count = Buffer.alloc(2);
    count.writeInt16BE(row.length);
    parts.push(count);
    for (const field of row) {
      const length = Buffer.alloc(4);
      length.writeInt32BE(field === null ? -1 : field.length);
      parts.push(length, ...(field ? [field] : []));
    }
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

const ROWS = [
  [Buffer.from("abcdef"), null],
  [Buffer.alloc(0), Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9])],
];

describe("BinaryCopyReader", () => {
  it("reads every field whatever the chunks' boundaries, nulls and empty fields included", () => {
    const bytes = stream(ROWS);
    for (const size of [1, 2, 3, 5, 7, bytes.length]) {
      const reader = new BinaryCopyReader();
      for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
      const rows = reader.finish().map((row) => row.map((field) => (field === null ? null : Buffer.from(field).toString("hex"))));
      expect(rows).toEqual([
        ["616263646566", null],
        ["", "010203040506070809"],
      ]);
    }
  });

  it("gives each field a buffer of its own padded to whole 32-bit words", () => {
    const reader = new BinaryCopyReader();
    reader.push(stream(ROWS));
    const [[first], [, second]] = reader.finish();
    expect([first!.byteOffset, first!.buffer.byteLength, second!.buffer.byteLength]).toEqual([0, 8, 12]);
  });

  it("refuses a stream that is not binary COPY, and one that stops short", () => {
    expect(() => new BinaryCopyReader().push(Buffer.from("id\tscore\n1\t0.5\n0123456789"))).toThrow("not a binary COPY stream");
    const reader = new BinaryCopyReader();
    reader.push(stream(ROWS).subarray(0, 30));
    expect(() => reader.finish()).toThrow("the binary COPY stream ended early (while reading the field)");
  });
});
