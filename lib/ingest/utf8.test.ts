import { describe, expect, it } from "vitest";
import { bytesSource, readLines } from "./read-lines";
import { decodeUtf8Document, firstInvalidUtf8Byte } from "./utf8";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("firstInvalidUtf8Byte", () => {
  it("accepts ASCII, 2-, 3- and 4-byte characters", () => {
    expect(firstInvalidUtf8Byte(new TextEncoder().encode("aé통😀"))).toBe(-1);
  });

  it.each([
    ["a lone continuation byte", bytes(0x61, 0x80), 1],
    ["Latin-1 é", bytes(0x63, 0x61, 0x66, 0xe9), 3],
    ["an overlong slash", bytes(0xc0, 0xaf), 0],
    ["an overlong 3-byte form", bytes(0xe0, 0x80, 0xaf), 0],
    ["an encoded surrogate", bytes(0xed, 0xa0, 0x80), 0],
    ["a code point above U+10FFFF", bytes(0xf4, 0x90, 0x80, 0x80), 0],
    ["a truncated character at the end", bytes(0x61, 0xe2, 0x82), 1],
    ["0xff", bytes(0x61, 0x62, 0xff), 2],
  ])("finds %s", (_name, input, at) => {
    expect(firstInvalidUtf8Byte(input)).toBe(at);
  });
});

describe("decodeUtf8Document", () => {
  it("names the line and the byte of the first invalid byte", () => {
    const input = new Uint8Array([...new TextEncoder().encode('{"a":1}\n{"b":"caf'), 0xe9, ...new TextEncoder().encode('"}\n')]);

    expect(decodeUtf8Document(input)).toEqual({ line: 2, problem: "not valid UTF-8: byte 0xe9 at byte 10 of the line (save the file as UTF-8)" });
  });
});

describe("readLines on bytes that are not UTF-8", () => {
  it("gives the bad line a problem instead of U+FFFD, and reads the lines around it", async () => {
    const input = new Uint8Array([...new TextEncoder().encode("ok\nbad "), 0xff, ...new TextEncoder().encode("\nfine\n")]);
    const lines = [];
    for await (const line of readLines(bytesSource(input, 3)())) lines.push(line);

    expect(lines).toEqual([
      { line: 1, text: "ok" },
      { line: 2, text: "", problem: "not valid UTF-8: byte 0xff at byte 5 of the line (save the file as UTF-8)" },
      { line: 3, text: "fine" },
    ]);
  });
});
