"use client";

import { useQuery } from "@tanstack/react-query";
import { isActiveRun, type RunView } from "@/lib/llm-judge/run-view";

export const JUDGE_RUNS_KEY = ["judge-runs"] as const;
const POLL_MS = 1500;

async function fetchRuns(): Promise<RunView[]> {
  const response = await fetch("/api/jobs", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`Could not load the runs (HTTP ${response.status})`);
  return ((await response.json()) as { runs: RunView[] }).runs;
}

/** The latest runs, polled while any of them is pending or running. */
export function useJudgeRuns(initialRuns: RunView[]) {
  return useQuery({
    queryKey: JUDGE_RUNS_KEY,
    queryFn: fetchRuns,
    initialData: initialRuns,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isActiveRun) ? POLL_MS : false),
  });
}
