"use client";

import { useQuery } from "@tanstack/react-query";
import type { PullJobState } from "@/lib/server/pull/pull-job";

/** A live pull's state, polled every second while it runs. */
export function usePullJob(jobId: number | null) {
  return useQuery({
    queryKey: ["import-pull", jobId],
    enabled: jobId !== null,
    queryFn: async (): Promise<PullJobState> => {
      const response = await fetch(`/api/import/pulls/${jobId}`, { cache: "no-store" });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      return ((await response.json()) as { pull: PullJobState }).pull;
    },
    refetchInterval: (query) => (query.state.data && ["done", "failed", "cancelled"].includes(query.state.data.status) ? false : 1000),
  });
}
