import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata: Metadata = { title: "Sessions" };

export default function SessionsPage() {
  return (
    <ComingSoon title="Sessions" description="Evaluation sessions from the persona orchestrator, with their judge scores.">
      <p>Browse sessions, their affect trajectories and persona breakdowns here once sessions are imported.</p>
    </ComingSoon>
  );
}
