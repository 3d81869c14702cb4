import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readLineBatches } from "./score-lines";
import { seededChoices } from "@/lib/stats/seeded-random";


// Line breaks of every kind, characters of 1–4 bytes, and bytes that are not UTF-8 (a lone
// continuation byte, a lead byte cut short, an overlong form, 0xff).
const PIECES = ["\n", "\r", "\r\n", "\n\n", "\r\r\n", "a", "{\"x\":1}", " ", "é", "탐색", "🙂", "\ufeff"].map((s) => Buffer.from(s));
const BAD_BYTES = [[0x80], [0xe3], [0xe3, 0x81], [0xf0, 0x9f], [0xc0, 0xaf], [0xff], [0xed, 0xa0, 0x80]].map((b) => Buffer.from(b));

function randomInput(random: ReturnType<typeof seededChoices>, pieces: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [];
  for (let i = random.int(0, 40); i > 0; i--) {
    const list = random.next() < 0.15 ? BAD_BYTES : pieces;
    parts.push(list[random.int(0, list.length - 1)]);
  }
  return Buffer.concat(parts);
}

/**
 * `bytes` cut at random places into 1–6 chunks, none empty: files and pipes never deliver an
 * empty chunk, and readline would take one for the end of a "\r\n" cut in two.
 */
function randomChunks(random: ReturnType<typeof seededChoices>, bytes: Buffer): Buffer[] {
  const cuts = Array.from({ length: random.int(0, 5) }, () => random.int(0, bytes.length)).sort((a, b) => a - b);
  return [0, ...cuts].map((start, i) => bytes.subarray(start, [...cuts, bytes.length][i])).filter((chunk) => chunk.length > 0);
}

async function withReadline(chunks: Buffer[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: Readable.from(chunks), crlfDelay: Infinity })) lines.push(line);
  return lines;
}

async function withBatches(chunks: Buffer[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const batch of readLineBatches(Readable.from(chunks))) lines.push(...batch);
  return lines;
}

describe("readLineBatches", () => {
  it.each([
    ["any line breaks", PIECES],
    ["only \\n line breaks", PIECES.filter((piece) => !piece.includes("\r"))],
  ])("gives the lines readline gives for 3,000 random byte streams with %s, cut at random places", async (_name, pieces) => {
    const random = seededChoices(4242);
    const wrong: unknown[] = [];
    for (let k = 0; k < 3000; k++) {
      const bytes = randomInput(random, pieces);
      const chunks = randomChunks(random, bytes);
      const [expected, actual] = [await withReadline(chunks), await withBatches(chunks)];
      if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push({ bytes: bytes.toString("hex"), chunks: chunks.length, expected, actual });
    }
    expect(wrong.slice(0, 3)).toStrictEqual([]);
  });

  it("ends lines at CRLF even when a chunk ends between the CR and the LF, and keeps an unbroken last line", async () => {
    const chunks = ["a\r", "\nb\rc\n\n", "é", "d"].map((s) => Buffer.from(s));
    expect(await withBatches(chunks)).toStrictEqual(["a", "b", "c", "", "éd"]);
  });

  it("reads string chunks as UTF-8 text", async () => {
    const lines: string[] = [];
    for await (const batch of readLineBatches(Readable.from(["x\n탐", "색\r\n"]))) lines.push(...batch);
    expect(lines).toStrictEqual(["x", "탐색"]);
  });
});
