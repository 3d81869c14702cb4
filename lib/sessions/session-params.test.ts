import { describe, expect, it } from "vitest";
import { parseSessionParams, parseTurnPage, turnPageQuery } from "./session-params";

describe("parseSessionParams", () => {
  it("reads the session's id as given and an optional judge", () => {
    expect(parseSessionParams("run-42", {})).toEqual({ key: "run-42" });
    expect(parseSessionParams("42", new URLSearchParams("judge=3"))).toEqual({ key: "42", judgeId: 3 });
    expect(parseSessionParams("a%2Fb", { judge: ["7", "8"] })).toEqual({ key: "a%2Fb", judgeId: 7 });
  });

  it("is null for an empty or over-long segment", () => {
    expect(parseSessionParams("", {})).toBeNull();
    expect(parseSessionParams("x".repeat(2_001), {})).toBeNull();
  });

  it("ignores a judge that is not an id", () => {
    expect(parseSessionParams("5", { judge: "heuristic" })).toEqual({ key: "5" });
  });
});

describe("parseTurnPage", () => {
  it("reads page 1 when absent, and a whole page number", () => {
    expect(parseTurnPage({})).toEqual({ page: 1 });
    expect(parseTurnPage(new URLSearchParams("page=882"))).toEqual({ page: 882 });
    expect(parseTurnPage({ page: ["3", "4"] })).toEqual({ page: 3 });
  });

  it("names what is wrong with any other value, and falls back to page 1", () => {
    for (const raw of ["0", "-1", "1.5", "abc", "", "1e3", "50000001", "9999999999"]) {
      expect(parseTurnPage({ page: raw }), raw).toEqual({ page: 1, problem: `page must be a whole number from 1 to 50000000 (got "${raw}")` });
    }
  });
});

describe("turnPageQuery", () => {
  it("names the page of 50 turns that holds a turn, and nothing for the first page", () => {
    expect([1, 50, 51, 100, 101].map(turnPageQuery)).toEqual(["", "", "page=2", "page=2", "page=3"]);
  });
});
