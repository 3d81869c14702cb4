"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AgreementReport } from "@/lib/agreement/report";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";

export const AGREEMENT_QUERY_KEY = ["agreement", "report"] as const;

async function fetchReport(key: string, signal: AbortSignal): Promise<AgreementReport> {
  const response = await fetch(`/api/v1/agreement?${key}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; problems?: { message: string }[] } | null;
    throw new Error(body?.problems?.[0]?.message ?? body?.error ?? `The report could not be loaded (HTTP ${response.status}).`);
  }
  return response.json() as Promise<AgreementReport>;
}

/**
 * The agreement report of a scope (`GET /api/v1/agreement`, the same function as the page).
 * The server-rendered report seeds the cache for the scope it was computed for; another
 * scope keeps showing the previous figures while its own load.
 */
export function useAgreementReport(scope: Scope, initial: { key: string; report: AgreementReport } | null) {
  const key = scopeKey(scope);
  return useQuery({
    queryKey: [...AGREEMENT_QUERY_KEY, key],
    queryFn: ({ signal }) => fetchReport(key, signal),
    initialData: initial && initial.key === key ? initial.report : undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
