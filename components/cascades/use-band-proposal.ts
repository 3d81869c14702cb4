"use client";

import { useMutation } from "@tanstack/react-query";
import type { CascadeBandProposal } from "@/lib/server/cascades/propose-cascade-band";

export type ProposalRequest = { screener: string; strong: string; cutoff: string; tolerance: string };

async function fetchProposal(request: ProposalRequest): Promise<CascadeBandProposal> {
  const response = await fetch(`/api/cascades/proposal?${new URLSearchParams(request)}`, { headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `No band could be proposed (HTTP ${response.status}).`);
  }
  return response.json() as Promise<CascadeBandProposal>;
}

/** The band proposal (`GET /api/cascades/proposal`), asked for when the admin presses "Propose band". */
export function useBandProposal() {
  return useMutation({ mutationFn: fetchProposal });
}
