import { z } from "zod";

// A calibrated judge: another judge's scores passed through an isotonic map fitted on the
// human levels (issue "score calibration for any judge"). Written once for the settings
// form, the server action and the demo.

/** What judges.config holds for a calibrated judge. */
export type CalibratedConfig = {
  calibrated: {
    source: { id: number; name: string; version: string };
    method: "isotonic";
    folds: number;
    /** The threshold version whose cut-offs bridge scores and levels (lib/calibrated-judge/level-scale.ts). */
    thresholdVersion: number;
    cutoffs: { fair: number; good: number; excellent: number };
    /** The full-data map from the source's score to the human level: its thresholds. */
    map: { x: number[]; y: number[] };
    nRated: number;
    nSessions: number;
    nUnrated: number;
    /** At creation, on the rated turns: MAE on the level scale and κ_q, calibrated (out of fold) and raw. */
    outOfFold: { mae: number | null; maeRaw: number | null; kappa: number | null; kappaRaw: number | null };
  };
};

export function isCalibratedConfig(config: unknown): config is CalibratedConfig {
  const calibrated = (config as CalibratedConfig | null)?.calibrated;
  return Boolean(calibrated && calibrated.method === "isotonic" && calibrated.source && Array.isArray(calibrated.map?.x));
}

/** The "New calibrated judge" form: a name and the judge whose scores are calibrated. */
export const calibratedJudgeFormSchema = z.object({
  name: z
    .string({ message: "Name the calibrated judge" })
    .trim()
    .min(1, "Name the calibrated judge")
    .max(80, "Use at most 80 characters")
    .refine((name) => !name.startsWith("imported:"), "Names starting with “imported:” belong to imported judges"),
  source: z.coerce.number({ message: "Choose the judge to calibrate" }).int("Choose the judge to calibrate").positive("Choose the judge to calibrate"),
});

export type CalibratedJudgeForm = z.infer<typeof calibratedJudgeFormSchema>;
