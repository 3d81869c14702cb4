"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CascadeReport } from "@/lib/cascade/cascade-report";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import { AGREEMENT_QUERY_KEY } from "./use-agreement-report";

async function fetchCascadeReport(key: string, signal: AbortSignal): Promise<CascadeReport> {
  const response = await fetch(`/api/v1/agreement/cascade?${key}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `The cascade's figures could not be loaded (HTTP ${response.status}).`);
  }
  return response.json() as Promise<CascadeReport>;
}

/** The cascade section of a scope (`GET /api/v1/agreement/cascade`), asked for when the scope's judge is a cascade. */
export function useCascadeReport(scope: Scope, isCascade: boolean) {
  const key = scopeKey(scope);
  return useQuery({
    queryKey: [...AGREEMENT_QUERY_KEY, key, "cascade"],
    queryFn: ({ signal }) => fetchCascadeReport(key, signal),
    enabled: isCascade,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
