import { describe, expect, it } from "vitest";
import { toJson } from "./to-json";

describe("toJson", () => {
  it("writes -0 as -0.0 so the sign survives, like Python's json.dumps", () => {
    expect(toJson({ a: -0, b: 0, c: [-0] })).toBe('{"a":-0.0,"b":0,"c":[-0.0]}');
    expect(Object.is((JSON.parse(toJson(-0)) as number), -0)).toBe(true);
  });

  it("otherwise matches JSON.stringify, keys in insertion order, undefined fields left out", () => {
    const value = { z: 1.5, a: "é\n\"", n: null, t: true, u: undefined, list: [1, "x", { k: 0.1 }] };
    expect(toJson(value)).toBe(JSON.stringify(value));
  });
});
