"use client";

import { useQuery } from "@tanstack/react-query";
import type { CalibrationResult } from "@/lib/server/thresholds/propose-calibration";
import { fetchJson } from "./fetch-json";

/** The calibration assistant's proposal for the active version `baseId`, or its reason for none. */
export function useCalibrationProposal(baseId: number) {
  return useQuery({
    queryKey: ["thresholds", "calibration", baseId],
    queryFn: ({ signal }) => fetchJson<CalibrationResult>("/api/thresholds/calibration", { signal }),
  });
}
