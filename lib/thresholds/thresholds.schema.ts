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

/** Every save says why: the history is read later by someone who was not there. */
export const versionNoteSchema = z
  .string({ message: "Write a note" })
  .trim()
  .min(1, "Write a note: what changed and why")
  .max(500, "At most 500 characters");

/**
 * A save from the editor, the calibration assistant or the CLI: the values, the note, and
 * the version the draft started from (a save is refused when another admin saved since).
 */
export const saveThresholdsSchema = thresholdsSchema.extend({
  note: versionNoteSchema,
  basedOnId: z.number({ message: "Reload the page: the version you started from is unknown" }).int().positive(),
});
export type SaveThresholdsInput = z.infer<typeof saveThresholdsSchema>;

export const restoreThresholdsSchema = z.object({
  versionId: z.number().int().positive(),
  basedOnId: z.number().int().positive(),
  note: z.string().trim().max(500, "At most 500 characters").optional(),
});
export type RestoreThresholdsInput = z.infer<typeof restoreThresholdsSchema>;
