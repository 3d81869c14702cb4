"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { WeightedAgreement } from "@/lib/agreement/weighted-agreement";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import { AGREEMENT_QUERY_KEY } from "./use-agreement-report";

async function fetchWeightedAgreement(key: string, signal: AbortSignal): Promise<WeightedAgreement> {
  const response = await fetch(`/api/v1/agreement/weighting?${key}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `The weighted figures could not be loaded (HTTP ${response.status}).`);
  }
  return response.json() as Promise<WeightedAgreement>;
}

/** The weighted section of a scope (`GET /api/v1/agreement/weighting`). */
export function useWeightedAgreement(scope: Scope) {
  const key = scopeKey(scope);
  return useQuery({
    queryKey: [...AGREEMENT_QUERY_KEY, key, "weighting"],
    queryFn: ({ signal }) => fetchWeightedAgreement(key, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
