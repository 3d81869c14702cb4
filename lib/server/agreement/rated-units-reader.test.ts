import { describe, expect, it } from "vitest";
import { RatedUnitsReader, scoresInTurnOrder } from "./rated-units-reader";

// The packed layout of migration "rated_units_packed", written here by hand: nine big-endian
// int4 (turn, session, words, day, import, adjudicated, gold, null flags, k), then persona,
// label, the criterion unless it is the label, then k times level and rater key.

type Unit = {
  turnId: number; sessionId: number; words: number; day: number; importId: number | null; adjudicated: number | null; gold: number | null;
  persona: string; label: string; criterion: string; ratings: [string, number][];
};

const int4 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const text = (value: string) => Buffer.concat([int4(Buffer.byteLength(value)), Buffer.from(value, "utf8")]);

function packed(unit: Unit): Buffer {
  const flags = (unit.importId === null ? 1 : 0) | (unit.adjudicated === null ? 2 : 0) | (unit.gold === null ? 4 : 0) | (unit.criterion === unit.label ? 8 : 0);
  return Buffer.concat([
    ...[unit.turnId, unit.sessionId, unit.words, unit.day, unit.importId ?? 0, unit.adjudicated ?? 0, unit.gold ?? 0, flags, unit.ratings.length].map(int4),
    text(unit.persona),
    text(unit.label),
    ...(unit.criterion === unit.label ? [] : [text(unit.criterion)]),
    ...unit.ratings.flatMap(([rater, level]) => [int4(level), text(rater)]),
  ]);
}

/** A binary COPY stream of one-field rows, each field the units' packed rows after their lengths (null: a null field). */
function copyStream(blocks: (Unit[] | null)[]): Buffer {
  const header = Buffer.concat([Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), int4(0), int4(0)]);
  const rows = blocks.map((block) => {
    if (block === null) return Buffer.concat([Buffer.from([0, 1]), int4(-1)]);
    const field = Buffer.concat(block.flatMap((unit) => [int4(packed(unit).length), packed(unit)]));
    return Buffer.concat([Buffer.from([0, 1]), int4(field.length), field]);
  });
  return Buffer.concat([header, ...rows, Buffer.from([0xff, 0xff])]);
}

function scores(entries: [number, number][]): DataView {
  const bytes = Buffer.alloc(12 * entries.length);
  entries.forEach(([turnId, score], i) => {
    bytes.writeInt32BE(turnId, 12 * i);
    bytes.writeDoubleBE(score, 12 * i + 4);
  });
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const UNITS: Unit[] = [
  { turnId: 7, sessionId: 3, words: 120, day: 20_500, importId: 9, adjudicated: null, gold: null, persona: "thesis", label: "overall", criterion: "overall", ratings: [["u12", 4], ["a:José", 3]] },
  { turnId: 7, sessionId: 3, words: 120, day: 20_500, importId: 9, adjudicated: 2, gold: 1, persona: "thesis", label: "clarity", criterion: "clarity", ratings: [["u12", 2]] },
  { turnId: 8, sessionId: 3, words: 5, day: -3, importId: null, adjudicated: null, gold: 4, persona: "o'Brien — ü", label: "flüency", criterion: "overall", ratings: [["a:x'y", 1], ["a:a\\b", 5], ["u1", 3], ["a:", 2]] },
  { turnId: 11, sessionId: 4, words: 0, day: 0, importId: 2_000_000_000, adjudicated: 0, gold: null, persona: "", label: "overall", criterion: "overall", ratings: [] },
  { turnId: 12, sessionId: 4, words: 9, day: 1, importId: 1, adjudicated: null, gold: null, persona: "synthesis", label: "overall", criterion: "overall", ratings: [["u2", 1]] },
];
const SCORES = scores([[7, 0.1 + 0.2], [8, -0], [11, 1e-300], [12, 0.65]]);

/** The columns the report expects of these units and scores (unit 12 has no score: left out). */
function expected(units: Unit[], scoreOf: Map<number, number>) {
  const kept = units.filter((unit) => scoreOf.has(unit.turnId));
  return {
    units: {
      turnId: kept.map((u) => u.turnId), sessionId: kept.map((u) => u.sessionId), persona: kept.map((u) => u.persona),
      criterion: kept.map((u) => u.label), ratingCriterion: kept.map((u) => u.criterion), wordCount: kept.map((u) => u.words),
      score: kept.map((u) => scoreOf.get(u.turnId)!), adjudicated: kept.map((u) => u.adjudicated), gold: kept.map((u) => u.gold),
      day: kept.map((u) => u.day), importId: kept.map((u) => u.importId),
    },
    ratings: {
      unit: kept.flatMap((u, i) => u.ratings.map(() => i)),
      rater: kept.flatMap((u) => u.ratings.map(([rater]) => rater)),
      level: kept.flatMap((u) => u.ratings.map(([, level]) => level)),
    },
  };
}

describe("RatedUnitsReader", () => {
  const withoutTwelve = new Map([[7, 0.1 + 0.2], [8, -0], [11, 1e-300]]);
  const stream = copyStream([UNITS.slice(0, 2), null, UNITS.slice(2, 3), UNITS.slice(3, 4)]);

  it("reads every field of packed units over several blocks, leaving out units the judge did not score", () => {
    const reader = new RatedUnitsReader(scoresInTurnOrder(scores([[7, 0.1 + 0.2], [8, -0], [11, 1e-300]])));
    reader.push(copyStream([UNITS.slice(0, 2), null, UNITS.slice(2, 4), UNITS.slice(4)]));
    const data = reader.finish();
    expect(data).toEqual(expected(UNITS, withoutTwelve));
    expect(Object.is(data.units.score[2], -0)).toBe(true);
  });

  it("gives the same columns however the stream is cut into chunks", () => {
    const whole = new RatedUnitsReader(scoresInTurnOrder(SCORES));
    whole.push(stream);
    const reference = whole.finish();
    for (const size of [1, 2, 3, 5, 7, 13, 64]) {
      const reader = new RatedUnitsReader(scoresInTurnOrder(SCORES));
      for (let at = 0; at < stream.length; at += size) reader.push(stream.subarray(at, at + size));
      expect(reader.finish(), `chunks of ${size} bytes`).toEqual(reference);
    }
    expect(reference).toEqual(expected(UNITS.slice(0, 4), new Map([[7, 0.1 + 0.2], [8, -0], [11, 1e-300]])));
  });

  it("gives no units from a stream of no rows, or of null blocks only", () => {
    for (const blocks of [[], [null, null]]) {
      const reader = new RatedUnitsReader(scoresInTurnOrder(SCORES));
      reader.push(copyStream(blocks));
      expect(reader.finish()).toEqual(expected([], new Map()));
    }
  });

  it("gives each distinct text one string", () => {
    const reader = new RatedUnitsReader(scoresInTurnOrder(SCORES));
    reader.push(stream);
    const { ratings } = reader.finish();
    expect(ratings.rater[0]).toBe("u12");
    expect(ratings.rater[2]).toBe(ratings.rater[0]);
  });

  it("fails on a stream that stops short, units out of turn order, or a row that does not add up", () => {
    const short = new RatedUnitsReader(scoresInTurnOrder(SCORES));
    short.push(stream.subarray(0, stream.length - 2));
    expect(() => short.finish()).toThrow(/ended early/);

    const reversed = new RatedUnitsReader(scoresInTurnOrder(SCORES));
    expect(() => reversed.push(copyStream([[UNITS[2], UNITS[0]]]))).toThrow(/out of order/);

    const unit = packed(UNITS[0]);
    unit.writeInt32BE(3, 32); // three ratings announced, two packed
    const field = Buffer.concat([int4(unit.length), unit]);
    const broken = Buffer.concat([Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), int4(0), int4(0), Buffer.from([0, 1]), int4(field.length), field, Buffer.from([0xff, 0xff])]);
    expect(() => new RatedUnitsReader(scoresInTurnOrder(SCORES)).push(broken)).toThrow(/fewer ratings than the 3/);

    expect(() => new RatedUnitsReader(scoresInTurnOrder(SCORES)).push(Buffer.from("PGCOPX\n\xff\r\n\0\0\0\0\0\0\0\0\0", "latin1"))).toThrow(/not a binary COPY/);
  });
});
