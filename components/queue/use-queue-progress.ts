"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { RaterProgress } from "@/lib/queue/queue-view";

const KEY = ["queue", "progress"] as const;

async function fetchProgress(): Promise<RaterProgress> {
  const response = await fetch("/api/queue/progress", { cache: "no-store" });
  if (!response.ok) throw new Error(`progress: HTTP ${response.status}`);
  return response.json();
}

/** The rater's own count and the queue's remaining work, refreshed after each action. */
export function useQueueProgress() {
  return useQuery({ queryKey: KEY, queryFn: fetchProgress, staleTime: 0, refetchInterval: 60_000 });
}

export function useRefreshQueueProgress(): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: KEY });
}
