"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TrustReport } from "@/lib/agreement/trust-report";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import { AGREEMENT_QUERY_KEY } from "./use-agreement-report";

/** How often to ask again while the rater-aware intervals are being computed. */
const COMPUTING_POLL_MS = 1500;

async function fetchTrustReport(key: string, signal: AbortSignal): Promise<TrustReport> {
  const response = await fetch(`/api/v1/agreement/verdict?${key}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; problems?: { message: string }[] } | null;
    throw new Error(body?.problems?.[0]?.message ?? body?.error ?? `The verdict could not be loaded (HTTP ${response.status}).`);
  }
  return response.json() as Promise<TrustReport>;
}

/**
 * The verdicts of a scope (`GET /api/v1/agreement/verdict`). Keyed under the report's key,
 * so whatever refreshes the report (an adjudication) refreshes the verdict too; polled while
 * the background job computes the rater-aware intervals, and not otherwise.
 */
export function useTrustReport(scope: Scope) {
  const key = scopeKey(scope);
  return useQuery({
    queryKey: [...AGREEMENT_QUERY_KEY, key, "verdict"],
    queryFn: ({ signal }) => fetchTrustReport(key, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.bootstrap.status === "computing" ? COMPUTING_POLL_MS : false),
    retry: false,
  });
}
