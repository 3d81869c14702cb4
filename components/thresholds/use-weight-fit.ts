"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WeightFitState } from "@/lib/server/thresholds/weight-fit-job";
import { fetchJson } from "./fetch-json";

const URL = "/api/thresholds/weight-fit";
const POLL_MS = 1000;

/** The fitted-weights proposal for the current data and active version `baseId`: polled while the background job runs. */
export function useWeightFit(baseId: number) {
  const key = ["thresholds", "weight-fit", baseId];
  const client = useQueryClient();
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchJson<WeightFitState>(URL, { signal }),
    refetchInterval: (query) => (query.state.data?.status === "computing" ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => fetchJson<WeightFitState>(URL, { method: "POST" }),
    onSuccess: (next) => client.setQueryData(key, next),
  });
  return { state, start };
}
