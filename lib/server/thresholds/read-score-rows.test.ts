import { describe, expect, it } from "vitest";
import { ScoreCopyParser, UnknownPersonaError } from "./read-score-rows";

type Row = [turnId: number, sessionId: number, persona: number | null, ...scores: number[]];

/** A binary COPY as PostgreSQL writes it (signature, flags, header extension, rows, trailer). */
function copyBytes(rows: Row[]): Buffer {
  const parts: Buffer[] = [Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.alloc(8)];
  for (const [turnId, sessionId, persona, ...scores] of rows) {
    const row = Buffer.alloc(2 + 8 + 8 + (persona === null ? 4 : 6) + 12 * scores.length);
    let at = row.writeInt16BE(8, 0);
    at = row.writeInt32BE(turnId, row.writeInt32BE(4, at));
    at = row.writeInt32BE(sessionId, row.writeInt32BE(4, at));
    at = persona === null ? row.writeInt32BE(-1, at) : row.writeInt16BE(persona, row.writeInt32BE(2, at));
    for (const score of scores) at = row.writeDoubleBE(score, row.writeInt32BE(8, at));
    parts.push(row);
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1);
  return Buffer.concat([...parts, trailer]);
}

const ROWS: Row[] = [
  [7, 100, 0, 0.61, 0.25, -0.5, 0.75, 0],
  [9, 100, 2, 0.1 + 0.2, -0, 1e-300, Number.MAX_VALUE, 0.3],
  [12, 101, 1, 1, 0, -1, 0.999999999999, 0.5],
];

function parse(bytes: Buffer, cut: (at: number) => boolean) {
  const parser = new ScoreCopyParser(1);
  let start = 0;
  for (let at = 1; at <= bytes.length; at++) {
    if (at === bytes.length || cut(at)) {
      parser.push(bytes.subarray(start, at));
      start = at;
    }
  }
  return parser.finish();
}

describe("the score rows' binary COPY parser", () => {
  it("reads every number bit for bit however the stream is cut into chunks", () => {
    const bytes = copyBytes(ROWS);
    for (const cut of [() => false, () => true, (at: number) => at % 7 === 0, (at: number) => at % 84 === 20]) {
      const rows = parse(bytes, cut);
      expect(rows.n).toBe(3);
      expect(Array.from(rows.turnId)).toEqual([7, 9, 12]);
      expect(Array.from(rows.sessionId)).toEqual([100, 100, 101]);
      expect(Array.from(rows.persona)).toEqual([0, 2, 1]);
      expect(Array.from(rows.overall)).toEqual([0.61, 0.1 + 0.2, 1]);
      expect(Object.is(rows.length[1], -0)).toBe(true);
      expect(Array.from(rows.sentiment)).toEqual([-0.5, 1e-300, -1]);
      expect(Array.from(rows.completeness)).toEqual([0.75, Number.MAX_VALUE, 0.999999999999]);
      expect(Array.from(rows.critical)).toEqual([0, 0.3, 0.5]);
    }
  });

  it("says so when a persona is missing from the list, when the stream stops early, and when it is not a COPY", () => {
    expect(() => parse(copyBytes([[1, 1, null, 0, 0, 0, 0, 0], ROWS[0]]), () => false)).toThrow(UnknownPersonaError);
    const bytes = copyBytes(ROWS);
    const parser = new ScoreCopyParser();
    parser.push(bytes.subarray(0, bytes.length - 2));
    expect(() => parser.finish()).toThrow("the COPY ended early");
    expect(() => new ScoreCopyParser().push(Buffer.from("not a copy at all, really not"))).toThrow("not a binary COPY");
  });
});
