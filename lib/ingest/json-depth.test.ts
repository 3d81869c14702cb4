import { describe, expect, it } from "vitest";
import { isJsonTooDeep, MAX_JSON_DEPTH } from "./json-depth";

const nested = (depth: number) => "[".repeat(depth) + "1" + "]".repeat(depth);

describe("isJsonTooDeep", () => {
  it("allows exactly the cap and refuses one level more", () => {
    expect(isJsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(isJsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it("counts objects and arrays alike, and a flat document of any length is fine", () => {
    expect(isJsonTooDeep('{"a":'.repeat(3) + "1" + "}".repeat(3), 2)).toBe(true);
    expect(isJsonTooDeep(`[${"[1],".repeat(100_000)}[1]]`, 2)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(isJsonTooDeep(JSON.stringify({ text: "[[[[[[ \" {{{{{{" }), 1)).toBe(false);
  });

  it("answers for 1,000,000 levels without recursing", () => {
    expect(isJsonTooDeep(nested(1_000_000))).toBe(true);
  });
});
