import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { percentiles } from "./percentile.ts";

describe("percentiles", () => {
  type Case = { name: string; values: number[]; percentiles: number[] };
  const fixture = JSON.parse(readFileSync(new URL("./fixtures/percentile.json", import.meta.url), "utf8")) as { ps: number[]; cases: Case[] };
  for (const c of fixture.cases) {
    it(`equals numpy's np.percentile bit for bit: ${c.name}`, () => {
      expect(percentiles(c.values, fixture.ps)).toEqual(c.percentiles);
    });
  }

  it("returns null for no values and rejects p outside [0, 100]", () => {
    expect(percentiles([], [50])).toBeNull();
    expect(() => percentiles([1, 2], [101])).toThrow(RangeError);
  });
});
