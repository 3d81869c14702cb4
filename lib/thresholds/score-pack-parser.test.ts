import { describe, expect, it } from "vitest";
import { assemblePackedTurns, assembleSharedParts } from "./assemble-packed-turns";
import { allocatePackColumns, PACK_BYTES_PER_TURN, ScorePackParser, UnknownPersonaCodeError } from "./score-pack-parser";

type Turn = { id: number; code: number; overall: number; length: number; sentiment: number; completeness: number; critical: number };
type Pack = { sessionId: number; turns: Turn[] };

/** A binary COPY of packs exactly as PostgreSQL writes score_index_packs' rows (int4send/float8send: big-endian). */
function copyBytes(packs: Pack[], extension = 0): Buffer {
  const parts: Buffer[] = [Buffer.from("PGCOPY\n\xff\r\n\0", "latin1")];
  const head = Buffer.alloc(8 + extension);
  head.writeInt32BE(0, 0);
  head.writeInt32BE(extension, 4);
  parts.push(head);
  for (const pack of packs) {
    const ids = pack.turns.map((turn) => turn.id);
    const row = Buffer.alloc(2 + 4 * 8 + 4);
    row.writeInt16BE(5, 0);
    [pack.sessionId, Math.min(...ids), Math.max(...ids), pack.turns.length].forEach((value, f) => {
      row.writeInt32BE(4, 2 + f * 8);
      row.writeInt32BE(value, 6 + f * 8);
    });
    row.writeInt32BE(pack.turns.length * PACK_BYTES_PER_TURN, 34);
    const data = Buffer.alloc(pack.turns.length * PACK_BYTES_PER_TURN);
    const n = pack.turns.length;
    pack.turns.forEach((turn, i) => {
      data.writeInt32BE(turn.id, 4 * i);
      data.writeInt32BE(turn.code, 4 * n + 4 * i);
      (["overall", "length", "sentiment", "completeness", "critical"] as const).forEach((key, c) => data.writeDoubleBE(turn[key], 8 * n + 8 * n * c + 8 * i));
    });
    parts.push(row, data);
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  parts.push(trailer);
  return Buffer.concat(parts);
}

function turnsOf(first: number, count: number, step = 1): Turn[] {
  return Array.from({ length: count }, (_, i) => {
    const id = first + i * step;
    return { id, code: 1 + (id % 3), overall: id / 1000, length: (id % 7) / 7, sentiment: -((id % 5) / 5), completeness: 0.1 * (id % 10), critical: id % 4 === 0 ? 0 : 1 / id };
  });
}

const POSITION_OF_CODE = new Int32Array([-1, 2, 0, 1]); // codes 1, 2, 3 → positions 2, 0, 1

function parse(bytes: Buffer, chunkSizes: (index: number) => number, capacity = 4) {
  const parser = new ScorePackParser(POSITION_OF_CODE, capacity);
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = Math.max(1, chunkSizes(k));
    parser.push(bytes.subarray(at, at + size));
    at += size;
  }
  return parser.finish();
}

/** What the parsed turns should be: every pack's turns in the order given. */
function expected(packs: Pack[]) {
  const all = packs.flatMap((pack) => pack.turns);
  return {
    turnId: all.map((turn) => turn.id),
    persona: all.map((turn) => POSITION_OF_CODE[turn.code]),
    overall: all.map((turn) => turn.overall),
    length: all.map((turn) => turn.length),
    sentiment: all.map((turn) => turn.sentiment),
    completeness: all.map((turn) => turn.completeness),
    critical: all.map((turn) => turn.critical),
  };
}

const PACKS: Pack[] = [
  { sessionId: 7, turns: turnsOf(1, 3) },
  { sessionId: 3, turns: turnsOf(4, 1) },
  { sessionId: 12, turns: turnsOf(5, 40) },
  { sessionId: 9, turns: turnsOf(100, 2, 5) },
];

describe("ScorePackParser", () => {
  it("reads every column of every pack exactly, however the COPY is cut into chunks", () => {
    const bytes = copyBytes(PACKS);
    const uniform = (size: number) => () => size;
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), 1 + (seed % 97));
    for (const sizes of [uniform(bytes.length), uniform(1), uniform(2), uniform(7), uniform(37), uniform(48), uniform(49), uniform(1000), random]) {
      const parsed = parse(bytes, sizes);
      expect(parsed.n).toBe(46);
      expect({
        turnId: Array.from(parsed.turnId),
        persona: Array.from(parsed.persona),
        overall: Array.from(parsed.overall),
        length: Array.from(parsed.length),
        sentiment: Array.from(parsed.sentiment),
        completeness: Array.from(parsed.completeness),
        critical: Array.from(parsed.critical),
      }).toEqual(expected(PACKS));
      expect(Array.from(parsed.packs.sessionId)).toEqual([7, 3, 12, 9]);
      expect(Array.from(parsed.packs.start)).toEqual([0, 3, 4, 44]);
      expect(Array.from(parsed.packs.firstTurnId)).toEqual([1, 4, 5, 100]);
      expect(Array.from(parsed.packs.lastTurnId)).toEqual([3, 4, 44, 105]);
    }
  });

  it("skips a header extension and reads an empty COPY as no turns", () => {
    expect(Array.from(parse(copyBytes(PACKS, 5), () => 3).turnId)).toEqual(expected(PACKS).turnId);
    const empty = parse(copyBytes([]), () => 1);
    expect(empty.n).toBe(0);
    expect(empty.packs.count).toBe(0);
  });

  it("refuses a pack whose data is not 48 bytes a turn, a persona code it was not given, and a COPY that stops early", () => {
    const bytes = copyBytes([{ sessionId: 1, turns: turnsOf(1, 2) }]);
    const short = Buffer.from(bytes);
    short.writeInt32BE(2 * PACK_BYTES_PER_TURN - 8, 34 + 19);
    expect(() => parse(short, () => 1000)).toThrow("session 1 has 88 bytes for 2 turns, expected 48 a turn");
    const unknown = copyBytes([{ sessionId: 1, turns: [{ ...turnsOf(1, 1)[0], code: 9 }] }]);
    expect(() => parse(unknown, () => 1000)).toThrow(UnknownPersonaCodeError);
    expect(() => parse(bytes.subarray(0, bytes.length - 2), () => 1000)).toThrow("the COPY ended early");
    expect(() => parse(Buffer.concat([bytes, Buffer.from([0])]), () => 1000)).toThrow("data after the end of the COPY");
  });
});

describe("assemblePackedTurns", () => {
  const session = (columns: ReturnType<typeof assemblePackedTurns>) => Array.from(columns.session, (s) => columns.sessionIds[s]);

  it("puts packs read in parts, in any order, into turn order with sessions numbered by their first turn", () => {
    // Part A holds sessions 12 and 7 (in that order), part B sessions 9 and 3.
    const a = parse(copyBytes([PACKS[2], PACKS[0]]), () => 50);
    const b = parse(copyBytes([PACKS[3], PACKS[1]]), () => 50);
    const columns = assemblePackedTurns([a, b]);
    expect(columns.n).toBe(46);
    expect(Array.from(columns.turnId)).toEqual(expected(PACKS).turnId);
    expect(Array.from(columns.overall)).toEqual(expected(PACKS).overall);
    expect(Array.from(columns.persona)).toEqual(expected(PACKS).persona);
    expect(Array.from(columns.sessionIds)).toEqual([7, 3, 12, 9]);
    expect(session(columns)).toEqual([7, 7, 7, 3, ...Array(40).fill(12), 9, 9]);
  });

  it("sorts every turn by id when sessions' turns interleave", () => {
    // Session 1 has turns 1, 3, 5; session 2 has 2, 4; session 3 has 6.
    const packs: Pack[] = [
      { sessionId: 2, turns: turnsOf(2, 2, 2) },
      { sessionId: 1, turns: turnsOf(1, 3, 2) },
      { sessionId: 3, turns: turnsOf(6, 1) },
    ];
    const columns = assemblePackedTurns([parse(copyBytes(packs.slice(0, 1)), () => 9), parse(copyBytes(packs.slice(1)), () => 9)]);
    expect(Array.from(columns.turnId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Array.from(columns.sentiment)).toEqual(turnsOf(1, 6).map((turn) => turn.sentiment));
    expect(Array.from(columns.critical)).toEqual(turnsOf(1, 6).map((turn) => turn.critical));
    expect(Array.from(columns.sessionIds)).toEqual([1, 2, 3]);
    expect(session(columns)).toEqual([1, 2, 1, 2, 1, 3]);
  });
});

describe("assembleSharedParts", () => {
  /** Each part parsed into one set of shared columns, part k after the turns of the earlier ones. */
  function parseShared(parts: Pack[][]) {
    const counts = parts.map((packs) => packs.reduce((sum, pack) => sum + pack.turns.length, 0));
    const shared = allocatePackColumns(counts.reduce((sum, count) => sum + count, 0));
    const parsed = parts.map((packs, k) => {
      const parser = new ScorePackParser(POSITION_OF_CODE, { ...shared, offset: counts.slice(0, k).reduce((sum, count) => sum + count, 0), capacity: counts[k] });
      const bytes = copyBytes(packs);
      for (let at = 0; at < bytes.length; at += 13) parser.push(bytes.subarray(at, at + 13));
      return parser.finish();
    });
    return { shared, parsed };
  }

  it("gives the shared columns themselves when the parts' turns are in turn order as they lie", () => {
    const { shared, parsed } = parseShared([PACKS.slice(0, 2), PACKS.slice(2)]);
    const columns = assembleSharedParts(parsed, shared);
    expect(columns.turnId.buffer).toBe(shared.raw.turnId.buffer);
    expect(Array.from(columns.turnId)).toEqual(expected(PACKS).turnId);
    expect(Array.from(columns.completeness)).toEqual(expected(PACKS).completeness);
    expect(Array.from(columns.persona)).toEqual(expected(PACKS).persona);
    expect(Array.from(columns.sessionIds)).toEqual([7, 3, 12, 9]);
    expect(Array.from(columns.session)).toEqual([0, 0, 0, 1, ...Array(40).fill(2), 3, 3]);
  });

  it("puts them in turn order when they are not, and gives what assemblePackedTurns gives", () => {
    const { shared, parsed } = parseShared([[PACKS[2], PACKS[0]], [PACKS[3], PACKS[1]]]);
    const columns = assembleSharedParts(parsed, shared);
    expect(Array.from(columns.turnId)).toEqual(expected(PACKS).turnId);
    expect(Array.from(columns.length)).toEqual(expected(PACKS).length);
    expect(Array.from(columns.sessionIds)).toEqual([7, 3, 12, 9]);
    expect(columns).toEqual(assemblePackedTurns(parsed));
  });

  it("refuses more turns than a part was given room for", () => {
    const shared = allocatePackColumns(46);
    const parser = new ScorePackParser(POSITION_OF_CODE, { ...shared, offset: 0, capacity: 45 });
    expect(() => parser.push(copyBytes(PACKS))).toThrow("more turns than the 45 counted for this part");
  });
});
