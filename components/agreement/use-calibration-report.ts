"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CalibrationReport } from "@/lib/calibrated-judge/calibration-report";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import { AGREEMENT_QUERY_KEY } from "./use-agreement-report";

async function fetchCalibrationReport(key: string, signal: AbortSignal): Promise<CalibrationReport> {
  const response = await fetch(`/api/v1/agreement/calibration?${key}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `The calibration figures could not be loaded (HTTP ${response.status}).`);
  }
  return response.json() as Promise<CalibrationReport>;
}

/** The calibration section of a scope (`GET /api/v1/agreement/calibration`), asked for when the scope's judge is a calibrated judge. */
export function useCalibrationReport(scope: Scope, isCalibrated: boolean) {
  const key = scopeKey(scope);
  return useQuery({
    queryKey: [...AGREEMENT_QUERY_KEY, key, "calibration"],
    queryFn: ({ signal }) => fetchCalibrationReport(key, signal),
    enabled: isCalibrated,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
