"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { JudgeVersionsReport } from "@/lib/judge-versions/drift";
import { scopeKey, type Scope } from "@/lib/agreement/scope.schema";
import { AGREEMENT_QUERY_KEY } from "./use-agreement-report";

/** How often to ask again while a versions table's intervals are being computed. */
const COMPUTING_POLL_MS = 1500;

async function fetchJudgeVersions(key: string, signal: AbortSignal): Promise<JudgeVersionsReport> {
  const response = await fetch(`/api/v1/agreement/versions?${key}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; problems?: { message: string }[] } | null;
    throw new Error(body?.problems?.[0]?.message ?? body?.error ?? `The judge versions could not be loaded (HTTP ${response.status}).`);
  }
  return response.json() as Promise<JudgeVersionsReport>;
}

/** The "Judge versions" tables of a scope (`GET /api/v1/agreement/versions`), polled while intervals compute. */
export function useJudgeVersions(scope: Scope) {
  const key = scopeKey(scope);
  return useQuery({
    queryKey: [...AGREEMENT_QUERY_KEY, key, "versions"],
    queryFn: ({ signal }) => fetchJudgeVersions(key, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.judges.some((j) => j.intervals.status === "computing") ? COMPUTING_POLL_MS : false),
    retry: false,
  });
}
