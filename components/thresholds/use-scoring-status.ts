"use client";

import { useQuery } from "@tanstack/react-query";
import type { ScoringJudge } from "@/lib/server/thresholds/get-scoring-judge";
import { fetchJson } from "./fetch-json";

/** The active version's scoring judge and recompute progress, polled every second while it runs. */
export function useScoringStatus(activeId: number) {
  return useQuery({
    queryKey: ["thresholds", "scoring", activeId],
    queryFn: ({ signal }) => fetchJson<ScoringJudge>("/api/thresholds/scoring", { signal }),
    refetchInterval: (query) => (query.state.data && !query.state.data.isComplete ? 1000 : false),
    staleTime: 0,
  });
}
