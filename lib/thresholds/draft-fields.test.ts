import { describe, expect, it } from "vitest";
import { fieldErrorsOf, fieldsOf, valuesOf } from "./draft-fields";
import { SEED_THRESHOLDS, saveThresholdsSchema, thresholdsSchema } from "./thresholds.schema";

function errorsFor(edit: (fields: ReturnType<typeof fieldsOf>) => void, extra: { note?: string; basedOnId?: number } = {}) {
  const fields = fieldsOf(SEED_THRESHOLDS);
  edit(fields);
  const result = saveThresholdsSchema.safeParse({ ...valuesOf(fields), note: extra.note ?? "a note", basedOnId: extra.basedOnId ?? 1 });
  return result.success ? {} : fieldErrorsOf(result.error.issues);
}

describe("the editor's fields", () => {
  it("round-trip the seed's values through text", () => {
    expect(thresholdsSchema.parse(valuesOf(fieldsOf(SEED_THRESHOLDS)))).toEqual({
      cutoffs: SEED_THRESHOLDS.cutoffs,
      weights: {
        thesis: { ...SEED_THRESHOLDS.weights.thesis, critical_intensity: 0 },
        antithesis: SEED_THRESHOLDS.weights.antithesis,
        synthesis: { ...SEED_THRESHOLDS.weights.synthesis, critical_intensity: 0 },
        default: { ...SEED_THRESHOLDS.weights.default, critical_intensity: 0 },
      },
    });
  });

  it("say 'Enter a number' next to a blank or non-numeric field", () => {
    expect(
      errorsFor((f) => {
        f.cutoffs.fair = " ";
        f.weights.synthesis.length = "abc";
      }),
    ).toEqual({ "cutoffs.fair": "Enter a number", "weights.synthesis.length": "Enter a number" });
  });

  it("name the cut-off that is out of order or out of range", () => {
    expect(errorsFor((f) => (f.cutoffs.good = "0.45"))).toEqual({ "cutoffs.good": "Good must be above Fair" });
    expect(errorsFor((f) => (f.cutoffs.excellent = "0.6"))).toEqual({ "cutoffs.excellent": "Excellent must be above Good" });
    expect(errorsFor((f) => (f.cutoffs.excellent = "1.2"))).toEqual({ "cutoffs.excellent": "At most 1" });
    expect(errorsFor((f) => (f.cutoffs.fair = "-0.1"))).toEqual({ "cutoffs.fair": "At least 0" });
  });

  it("refuse a negative weight and a save without a note", () => {
    expect(errorsFor((f) => (f.weights.antithesis.critical_intensity = "-0.3"), { note: "   " })).toEqual({
      "weights.antithesis.critical_intensity": "Weights cannot be negative",
      note: "Write a note: what changed and why",
    });
  });
});
