import { z } from "zod";
import { DEFAULT_JUDGE_CONFIG } from "@/lib/judge";

// Quality cut-offs and persona weights as admins edit them (SPEC §6): one schema for the
// form, the server action, the CLI and the stored JSON.

const weight = z.number({ message: "Enter a number" }).min(0, "Weights cannot be negative").max(10, "At most 10");

export const personaWeightsSchema = z.object({
  length: weight,
  sentiment: weight,
  completeness: weight,
  critical_intensity: weight.optional(),
});

export const cutoffsSchema = z
  .object({
    fair: z.number({ message: "Enter a number" }).min(0, "At least 0").max(1, "At most 1"),
    good: z.number({ message: "Enter a number" }).min(0, "At least 0").max(1, "At most 1"),
    excellent: z.number({ message: "Enter a number" }).min(0, "At least 0").max(1, "At most 1"),
  })
  .superRefine((value, context) => {
    if (!(value.fair < value.good)) context.addIssue({ code: "custom", path: ["good"], message: "Good must be above Fair" });
    if (!(value.good < value.excellent)) {
      context.addIssue({ code: "custom", path: ["excellent"], message: "Excellent must be above Good" });
    }
  });

/** persona_id → weights, plus "default" for any other persona. */
export const weightsTableSchema = z.object({ default: personaWeightsSchema }).catchall(personaWeightsSchema);

export const thresholdsSchema = z.object({ cutoffs: cutoffsSchema, weights: weightsTableSchema });
export type Thresholds = z.infer<typeof thresholdsSchema>;

export const SEED_THRESHOLDS: Thresholds = {
  cutoffs: { ...DEFAULT_JUDGE_CONFIG.qualityCutoffs },
  weights: { ...DEFAULT_JUDGE_CONFIG.personaWeights, default: DEFAULT_JUDGE_CONFIG.defaultWeights },
};
