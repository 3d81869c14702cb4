import { describe, expect, it } from "vitest";
import { parseSessionParams } from "./session-params";

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
