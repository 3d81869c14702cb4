// Gwet's AC1/AC2 against irrCAC.raw.CAC(...).gwet() (fixtures/numeric/cac.json).
import { describe, expect, it } from "vitest";
import { gwetAc } from "./gwet-ac.ts";
import { ratingCategories } from "./rating-table.ts";
import { agreementWeights } from "./agreement-weights.ts";
import { cacFixture, expectIrrCac, runOptions } from "./chance-corrected-fixture.ts";

const runs = cacFixture.runs.filter((r) => r.method === "gwet");
const { datasets } = cacFixture;

describe("gwetAc against irrCAC", () => {
  it.each(runs.map((r) => [r.name, r] as const))("reproduces %s", (_, run) => {
    expectIrrCac(gwetAc(datasets[run.data], runOptions(run)), run);
  });

  it("gives Gwet's (2014) four-rater example: AC1 = 0.77544, p_a = 0.81818, p_e = 0.19032", () => {
    const result = gwetAc(datasets["four-raters"]);
    expect([result.value, result.pa, result.pe].map((v) => v!.toFixed(5))).toEqual(["0.77544", "0.81818", "0.19032"]);
  });
});

describe("gwetAc edge cases", () => {
  it("is 1 with a single category, as irrCAC (p_e = 1 − 10⁻¹⁵), with no standard error", () => {
    const result = gwetAc(datasets["one-category"]);
    expect(result.value).toBe(1);
    expect(result.se).toBeNull();
    expect(result.ci).toBeNull();
  });

  it("returns null for a weighted AC2 with a single category, where irrCAC raises", () => {
    expect(gwetAc(datasets["one-category"], { weights: "quadratic" }).value).toBeNull();
  });

  it("counts categories never used when they are given: q and the weights change", () => {
    const used = gwetAc(datasets["four-raters"], { weights: "quadratic" });
    const scale = gwetAc(datasets["four-raters"], { weights: "quadratic", categories: [6, 1, 2, 3, 4, 5] });
    expect(scale.categories).toEqual([1, 2, 3, 4, 5, 6]);
    expect(scale.pe).not.toBe(used.pe);
  });

  it("rejects a rating outside the given categories", () => {
    expect(() => gwetAc([[1, 2], [1, 7]], { categories: [1, 2, 3] })).toThrow(RangeError);
  });
});

describe("irrCAC's category order and weights", () => {
  it("sorts numbers ascending and text by code point, as Python's sorted", () => {
    expect(ratingCategories(datasets["text-labels"])).toEqual(["Zed", "apple", "bad", "good", "ok", "Éclair", "éclair"]);
    expect(ratingCategories([[10, 2, null], [1, undefined, 2]])).toEqual([1, 2, 10]);
    expect(ratingCategories([["\u{1F600}", "\uFF21"]])).toEqual(["\uFF21", "\u{1F600}"]); // UTF-16 order is the reverse
  });

  it("treats null, undefined, NaN and the empty string as missing, and rejects mixed types", () => {
    expect(ratingCategories([[1, NaN, null], [undefined, 2]])).toEqual([1, 2]);
    expect(ratingCategories([["a", ""]])).toEqual(["a"]);
    expect(() => ratingCategories([[1, "a"]])).toThrow(RangeError);
  });

  it("weighs numeric categories by value and text categories by position", () => {
    expect(agreementWeights([1, 2, 5], "linear")[0]).toEqual([1, 0.75, 0]);
    expect(agreementWeights(["a", "b", "c"], "linear")[0]).toEqual([1, 0.5, 0]);
    expect(agreementWeights([1, 2, 5], "ordinal")[0]).toEqual([1, 1 - 1 / 3, 0]); // positions: m(m−1)/2 of 0, 1, 3
  });
});
