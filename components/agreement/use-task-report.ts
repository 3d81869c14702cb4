"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TaskReport } from "@/lib/agreement/task-report";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import { AGREEMENT_QUERY_KEY } from "./use-agreement-report";

/** How often to ask again while the rater-aware intervals are being computed. */
const COMPUTING_POLL_MS = 1500;

async function fetchTaskReport(key: string, signal: AbortSignal): Promise<TaskReport> {
  const response = await fetch(`/api/v1/agreement/task?${key}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; problems?: { message: string }[] } | null;
    throw new Error(body?.problems?.[0]?.message ?? body?.error ?? `The metrics could not be loaded (HTTP ${response.status}).`);
  }
  return response.json() as Promise<TaskReport>;
}

/**
 * The metrics of the scope's criterion by its type (`GET /api/v1/agreement/task`). Only
 * asked for when the scope names a criterion: without one there is no type to go by.
 * Keyed under the report's key, so whatever refreshes the report refreshes these too;
 * polled while the background job computes the intervals.
 */
export function useTaskReport(scope: Scope) {
  const key = scopeKey(scope);
  return useQuery({
    queryKey: [...AGREEMENT_QUERY_KEY, key, "task"],
    queryFn: ({ signal }) => fetchTaskReport(key, signal),
    enabled: Boolean(scope.criterion),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.intervals?.status === "computing" ? COMPUTING_POLL_MS : false),
    retry: false,
  });
}
