// Fleiss' κ against irrCAC.raw.CAC(...).fleiss() (fixtures/numeric/cac.json).
import { describe, expect, it } from "vitest";
import { fleissKappa } from "./fleiss-kappa.ts";
import { cacFixture, expectIrrCac, runOptions } from "./chance-corrected-fixture.ts";
import { expectClose } from "./expect-close.ts";

const runs = cacFixture.runs.filter((r) => r.method === "fleiss");
const { datasets } = cacFixture;

describe("fleissKappa against irrCAC", () => {
  it.each(runs.map((r) => [r.name, r] as const))("reproduces %s", (_, run) => {
    expectIrrCac(fleissKappa(datasets[run.data], runOptions(run)), run);
  });

  it("gives Gwet's (2014) four-rater example: κ = 0.76117 over 5 categories", () => {
    expect(fleissKappa(datasets["four-raters"]).value!.toFixed(5)).toBe("0.76117");
  });
});

describe("fleissKappa with missing ratings", () => {
  const data = datasets["seeded-missing"];

  it("ignores units nobody rated", () => {
    const withEmpty = data.map((row) => [...row, null, null]);
    expect(fleissKappa(withEmpty)).toEqual(fleissKappa(data));
  });

  it("counts a unit with one rating in the category shares (n) but not in the percent agreement", () => {
    // Unit 0 of the seeded table carries a single rating (4); leaving it out keeps p_a.
    const without = data.map((row) => row.slice(1));
    const all = fleissKappa(data);
    const fewer = fleissKappa(without);
    expectClose(all.pa, fewer.pa, 1e-15);
    expect(all.pe).not.toBe(fewer.pe);
    expect(all.nUnits - fewer.nUnits).toBe(1);
    expect(all.nUnitsPaired).toBe(fewer.nUnitsPaired);
  });

  it("is 1 when every rater agrees on every unit, and null with a single category (p_e = 1)", () => {
    expect(fleissKappa(datasets["all-agree"]).value).toBe(1);
    expect(fleissKappa(datasets["one-category"]).value).toBeNull();
  });

  it("returns null for a table without a single rating", () => {
    const result = fleissKappa([[null, null], [undefined]]);
    expect(result).toMatchObject({ value: null, pa: null, se: null, nUnits: 0, categories: [] });
  });

  it("returns null when no unit has two ratings", () => {
    const result = fleissKappa(datasets["no-pairs"]);
    expect(result.value).toBeNull();
    expect(result.nUnitsPaired).toBe(0);
  });
});
