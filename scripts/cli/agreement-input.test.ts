// The streaming column reader against the reader it replaced (csv-parse building one object
// per row, lib/ingest/read-generic-table.ts): the same values, line numbers and errors on
// files that take the fast path and on files that go back to csv-parse.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readGenericTable } from "@/lib/ingest/read-generic-table";
import { uniformSource } from "@/lib/stats/seeded-random";
import { InputError, readTable } from "./agreement-input.ts";
import { numberAt, toNumber, valueAt } from "./agreement-fields.ts";

const dir = mkdtempSync(path.join(tmpdir(), "concord-input-"));
let count = 0;
function file(name: string, content: string): string {
  const where = path.join(dir, `${count++}-${name}`);
  writeFileSync(where, content);
  return where;
}

/** Every asked-for field of every row, and its line, as the old reader gave them. */
function expectSameAsGenericTable(where: string, content: string, fields: string[], numeric: string[] = []) {
  const old = readGenericTable(content, where);
  if ("problems" in old) throw new Error(`the reference refused the file: ${old.problems[0].message}`);
  const table = readTable(where, fields, numeric);
  expect(table.length).toBe(old.table.rows.length);
  expect(Array.from(table.lines)).toEqual(old.table.rows.map((row) => row.line));
  for (const field of fields) {
    const expected = old.table.rows.map((row) => (field in row.record ? row.record[field] : undefined));
    if (numeric.includes(field)) {
      // A number column gives the number the old value reads as; other values as they were.
      const asNumber = (value: unknown) => {
        try {
          return toNumber(value, 0, field, where);
        } catch {
          return value;
        }
      };
      const isNumber = (value: unknown) => typeof asNumber(value) === "number" && value !== null && !(typeof value === "string" && value.trim() === "");
      expect(expected.map((_, i) => valueAt(table, field, i))).toEqual(expected.map((value) => (isNumber(value) ? asNumber(value) : value)));
    } else expect(expected.map((_, i) => valueAt(table, field, i))).toEqual(expected);
  }
  return table;
}

const CSV_CASES: [string, string][] = [
  ["plain", "id,h,j\n1,2,0.5\n2,3,0.25\n"],
  ["no final newline, blank lines, spaces in the header", "\n id , h ,j\n1,2,0.5\n\n2,,x\n3, 4 ,\n"],
  ["CRLF", "id,h,j\r\n1,2,0.5\r\n\r\n2,3,0.25"],
  ["a BOM", "\uFEFFid,h,j\n1,2,0.5\n"],
  ["quoted cells on one line", 'id,h,j,note\n1,"2",0.5,"a, b"\n2,3,"0.25","say ""hi"""\n3,4,0.1,""\n'],
  ["a line break inside quotes (csv-parse)", 'id,h,j,note\n1,2,0.5,"two\nlines"\n2,3,0.25,x\n'],
  ["CRLF with a line break inside quotes (csv-parse)", 'id,h,j,note\r\n1,2,0.5,"two\r\nlines"\r\n2,3,0.25,x\r\n'],
  ["a stray carriage return (csv-parse)", "id,h,j\n1,2,0.5\r\n2,3,0.25\n"],
  ["a repeated column name: the last wins", "h,j,h\n1,0.5,9\n2,0.25,8\n"],
  ["unicode", "id,h,j,note\n1,2,0.5,한국어 🙂\n2,3,0.25,é\n"],
  ["punctuation below the comma in read and unread cells", "id,g,h,note\n1,a b!#$%&'()*+,2,x y!#\n2,\t(c)\t,3, *+\n"],
  ["numbers in every spelling", "id,h,j\n1,+2,-0\n2,.5,5.\n3,1e3, 0x10\n4,-.25,Infinity\n5,0.1000000000000000055511151231257827,123456789012345678\n"],
];

describe("readTable on CSV", () => {
  it.each(CSV_CASES)("gives csv-parse's values and lines: %s", (_, content) => {
    const header = content.replace(/^\uFEFF/, "").trimStart().split(/\r?\n/)[0].split(",").map((name) => name.trim());
    const fields = header.filter((name) => !name.startsWith('"'));
    expectSameAsGenericTable(file("t.csv", content), content, fields);
    expectSameAsGenericTable(file("t.csv", content), content, fields, fields.filter((field) => field === "h" || field === "j"));
  });

  it("reads tab-separated .tsv files", () => {
    const content = "id\th\tj\n1\t2\t0.5\n2\t3\t0.25\n";
    expectSameAsGenericTable(file("t.tsv", content), content, ["id", "h", "j"], ["h"]);
  });

  it("parses ten thousand random decimals to the same doubles as Number()", () => {
    const random = uniformSource(7);
    // 1 to 19 random digits with the point anywhere: past 15 digits the fast path must defer.
    const values = Array.from({ length: 10_000 }, (_, i) => {
      const digits = Array.from({ length: 1 + Math.floor(random() * 19) }, () => Math.floor(random() * 10)).join("");
      const point = Math.floor(random() * (digits.length + 1));
      const text = `${digits.slice(0, point)}.${digits.slice(point)}`.replace(/^\.$/, "0");
      return i % 3 === 0 ? `-${text}` : text;
    });
    const content = `x\n${values.join("\n")}\n`;
    const table = readTable(file("d.csv", content), ["x"], ["x"]);
    expect(Array.from({ length: table.length }, (_, i) => numberAt(table, "x", i, "d.csv"))).toEqual(values.map(Number));
  });

  it("reports csv-parse's error, with its line, for a row of the wrong width", () => {
    const where = file("bad.csv", "id,h,j\n1,2,0.5\n2,3\n");
    expect(() => readTable(where, ["h"])).toThrow(
      new InputError(`${where}:3: not valid CSV (Invalid Record Length: columns length is 3, got 2 on line 3)`),
    );
  });

  it("reports csv-parse's error, with its line, for a row wider than the header", () => {
    const content = "id,h,j\n1,2,0.5\n2,3,0.25,9\n";
    const where = file("wide.csv", content);
    const old = readGenericTable(content, where);
    if (!("problems" in old)) throw new Error("the reference accepted the file");
    expect(() => readTable(where, ["h"])).toThrow(new InputError(`${where}:${old.problems[0].line}: ${old.problems[0].message}`));
  });

  it("gives each text cell read by bytes a code into the dictionary, −1 once 2¹⁶ values are taken and for quoted cells", () => {
    const values = Array.from({ length: 100_000 }, (_, i) => (i % 3 === 0 ? `g${i % 300}` : `v${i}`));
    const content = `g,h\n${values.map((v, i) => (i === 5 ? `"${v}",1` : `${v},1`)).join("\n")}\n`;
    const table = readTable(file("codes.csv", content), ["g", "h"], ["h"]);
    const codes = table.codes.get("g")!;
    expect(table.text.get("g")).toEqual(values);
    expect(Array.from(codes, (code, i) => (code < 0 ? values[i] : table.dictionary[code]))).toEqual(values);
    expect(codes[5]).toBe(-1);
    expect(codes[99_998]).toBe(-1);
    expect(new Set(table.dictionary).size).toBe(1 << 16);
    expect(codes.filter((code) => code >= 0).length).toBeGreaterThan(95_000);
  });

  it("reports csv-parse's error for a quote inside an unquoted cell", () => {
    const content = 'id,h\n1,2 "x"\n';
    const where = file("q.csv", content);
    const old = readGenericTable(content, where);
    if (!("problems" in old)) throw new Error("the reference accepted the file");
    expect(() => readTable(where, ["h"])).toThrow(new InputError(`${where}:${old.problems[0].line}: ${old.problems[0].message}`));
  });

  it("names the file when it cannot be read", () => {
    expect(() => readTable(path.join(dir, "absent.csv"), ["h"])).toThrow(new InputError(`cannot read ${path.join(dir, "absent.csv")}: ENOENT`));
  });
});

describe("readTable on JSONL", () => {
  it("gives the values and lines JSON.parse gave, undefined where a line lacks the field", () => {
    const content = '{"h": 2, "j": "0.5", "g": "a"}\n\n  \n{"h": null, "j": [1], "g": 7}\r\n{"j": " ", "g": true}\n{"h": "x", "j": 1e300}';
    const where = file("t.jsonl", content);
    expectSameAsGenericTable(where, content, ["h", "j", "g"]);
    expectSameAsGenericTable(where, content, ["h", "j", "g"], ["h", "j"]);
  });

  it("reports the first line that is not a JSON object", () => {
    const where = file("bad.jsonl", '{"h": 1}\n[1]\n{"h": \n');
    expect(() => readTable(where, ["h"])).toThrow(new InputError(`${where}:2: expected a JSON object`));
  });
});
