"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SelfEnhancementReport } from "@/lib/self-enhancement/self-enhancement-report";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import { AGREEMENT_QUERY_KEY } from "./use-agreement-report";

async function fetchSelfEnhancement(key: string, signal: AbortSignal): Promise<SelfEnhancementReport> {
  const response = await fetch(`/api/v1/agreement/self-enhancement?${key}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; problems?: { message: string }[] } | null;
    throw new Error(body?.problems?.[0]?.message ?? body?.error ?? `The self-enhancement check could not be loaded (HTTP ${response.status}).`);
  }
  return response.json() as Promise<SelfEnhancementReport>;
}

/** The self-enhancement check of the scope's judge (`GET /api/v1/agreement/self-enhancement`). */
export function useSelfEnhancement(scope: Scope) {
  const key = scopeKey(scope);
  return useQuery({
    queryKey: [...AGREEMENT_QUERY_KEY, key, "self-enhancement"],
    queryFn: ({ signal }) => fetchSelfEnhancement(key, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
