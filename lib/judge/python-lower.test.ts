import { describe, expect, it } from "vitest";
import { pythonLower } from "./python-lower";

describe("pythonLower (Python str.lower)", () => {
  it("lower-cases ASCII and leaves Korean alone", () => {
    expect(pythonLower("Hope AND 탐색과 확장")).toBe("hope and 탐색과 확장");
  });

  it("writes a final sigma at the end of a word, and a medial one before a letter", () => {
    expect(pythonLower("ΟΔΟΣ")).toBe("\u03bf\u03b4\u03bf\u03c2");
    expect(pythonLower("ΟΔΟΣ ΟΔΟΣ")).toBe("\u03bf\u03b4\u03bf\u03c2 \u03bf\u03b4\u03bf\u03c2");
    expect(pythonLower("Σ")).toBe("\u03c3");
  });

  it("skips case-ignorable characters around the sigma, as CPython does", () => {
    expect(pythonLower("ΟΔΟΣ.A")).toBe("\u03bf\u03b4\u03bf\u03c3.a");
    expect(pythonLower("AΣ\u0301")).toBe("a\u03c2\u0301");
    expect(pythonLower("AΣ\u0301b")).toBe("a\u03c3\u0301b");
  });

  it("expands dotted capital I to i + combining dot", () => {
    expect(pythonLower("İstanbul")).toBe("i\u0307stanbul");
  });

  it("leaves letters Python 3.11's Unicode 14 has no lower case for, though newer ICU does", () => {
    expect(pythonLower("\ua7cb\u{10d50}\u1c89 X")).toBe("\ua7cb\u{10d50}\u1c89 x");
  });

  it("lower-cases astral capitals and keeps lone surrogates", () => {
    expect(pythonLower("\u{10400}\ud800A")).toBe("\u{10428}\ud800a");
  });
});
