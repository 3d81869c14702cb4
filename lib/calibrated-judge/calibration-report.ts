import type { CalibrationFigures } from "./calibrate-judge";
import type { CalibratedConfig } from "./calibrated-judge.schema";

/**
 * What `GET /api/v1/agreement/calibration` returns and the report's calibration section
 * reads: null `calibrated` when the scope's judge is not a calibrated judge; null `figures`
 * without rated turns in scope.
 */
export type CalibrationReport = {
  calibrated: (CalibratedConfig["calibrated"] & { id: number; name: string; version: string }) | null;
  figures: CalibrationFigures | null;
  /** The threshold version whose cut-offs the report uses (the calibrated scores were made under calibrated.thresholdVersion's). */
  thresholdVersion: number | null;
};
