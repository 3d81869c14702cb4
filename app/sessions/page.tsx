import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "Sessions" };

export default async function SessionsPage() {
  await requireUser(ACCESS.readDashboards);
  return (
    <ComingSoon title="Sessions" description="Evaluation sessions from the persona orchestrator, with their judge scores.">
      <p>Browse sessions, their affect trajectories and persona breakdowns here once sessions are imported.</p>
    </ComingSoon>
  );
}
