import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TERMS, searchTerms, toPrefixTsQuery } from "./search-terms";

describe("searchTerms", () => {
  it("splits Korean and English words on spaces and punctuation, lower-cased", () => {
    expect(searchTerms("하지만 문제가, Challenge-risk!")).toEqual(["하지만", "문제가", "challenge", "risk"]);
  });

  it("keeps each word once, in the order typed", () => {
    expect(searchTerms("Trust trust TRUST growth")).toEqual(["trust", "growth"]);
  });

  it("joins decomposed Hangul before searching (NFC)", () => {
    expect(searchTerms("\u1100\u1161")).toEqual(["가"]);
  });

  it("returns nothing for punctuation and tsquery syntax only", () => {
    expect(searchTerms("& | ! ( ) :* ''")).toEqual([]);
  });

  it("keeps at most MAX_SEARCH_TERMS words", () => {
    expect(searchTerms("a b c d e f g h i j")).toHaveLength(MAX_SEARCH_TERMS);
  });
});

describe("toPrefixTsQuery", () => {
  it("asks for every word as a prefix", () => {
    expect(toPrefixTsQuery(["문제", "risk"])).toBe("문제:* & risk:*");
  });

  it("is null without words", () => {
    expect(toPrefixTsQuery([])).toBeNull();
  });
});
