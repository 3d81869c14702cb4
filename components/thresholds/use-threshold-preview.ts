"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ThresholdPreview } from "@/lib/server/thresholds/preview-thresholds";
import type { Thresholds } from "@/lib/thresholds/thresholds.schema";
import { fetchJson } from "./fetch-json";

/**
 * The server's preview of a valid draft against the active version `baseId` (null while the
 * draft is invalid). The last preview stays on screen while the next one is computed.
 */
export function useThresholdPreview(baseId: number, draft: Thresholds | null) {
  return useQuery({
    queryKey: ["thresholds", "preview", baseId, draft],
    queryFn: ({ signal }) => fetchJson<ThresholdPreview>("/api/thresholds/preview", { method: "POST", body: JSON.stringify(draft), signal }),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
