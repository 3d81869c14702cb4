"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { PanelReport } from "@/lib/panels/panel-report";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import { AGREEMENT_QUERY_KEY } from "./use-agreement-report";

async function fetchPanelReport(key: string, signal: AbortSignal): Promise<PanelReport> {
  const response = await fetch(`/api/v1/agreement/panel?${key}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `The panel's figures could not be loaded (HTTP ${response.status}).`);
  }
  return response.json() as Promise<PanelReport>;
}

/** The panel section of a scope (`GET /api/v1/agreement/panel`), asked for when the scope's judge is a panel. */
export function usePanelReport(scope: Scope, isPanel: boolean) {
  const key = scopeKey(scope);
  return useQuery({
    queryKey: [...AGREEMENT_QUERY_KEY, key, "panel"],
    queryFn: ({ signal }) => fetchPanelReport(key, signal),
    enabled: isPanel,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
