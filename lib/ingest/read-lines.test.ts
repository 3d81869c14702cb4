import { describe, expect, it } from "vitest";
import { bytesSource, readLines } from "./read-lines";

async function lines(bytes: Uint8Array, chunkSize: number) {
  const result = [];
  for await (const line of readLines(bytesSource(bytes, chunkSize)())) result.push(line);
  return result;
}

describe("readLines", () => {
  it("numbers lines from 1, keeps blank ones, drops CR, the BOM and a missing final newline", async () => {
    const bytes = new TextEncoder().encode("\uFEFFa\r\n\nb\nc");

    expect(await lines(bytes, 1024)).toEqual([
      { line: 1, text: "a" },
      { line: 2, text: "" },
      { line: 3, text: "b" },
      { line: 4, text: "c" },
    ]);
  });

  it("decodes characters split across chunks", async () => {
    const bytes = new TextEncoder().encode('{"response":"통합과 조화 😀"}\n{"x":1}\n');

    expect(await lines(bytes, 1)).toEqual([
      { line: 1, text: '{"response":"통합과 조화 😀"}' },
      { line: 2, text: '{"x":1}' },
    ]);
  });
});
