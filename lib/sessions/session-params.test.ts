import { describe, expect, it } from "vitest";
import { parseSessionParams, parseTurnPage } from "./session-params";

describe("parseSessionParams", () => {
  it("reads the id and an optional judge", () => {
    expect(parseSessionParams("42", {})).toEqual({ id: 42 });
    expect(parseSessionParams("42", new URLSearchParams("judge=3"))).toEqual({ id: 42, judgeId: 3 });
    expect(parseSessionParams("42", { judge: ["7", "8"] })).toEqual({ id: 42, judgeId: 7 });
  });

  it("is null for anything but a positive whole id that fits in a database integer", () => {
    for (const id of ["0", "-1", "1.5", "1e3", "abc", "", "2147483648", " 4"]) expect(parseSessionParams(id, {}), id).toBeNull();
  });

  it("ignores a judge that is not an id", () => {
    expect(parseSessionParams("5", { judge: "heuristic" })).toEqual({ id: 5 });
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
