import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "Agreement" };

export default async function AgreementPage() {
  await requireUser(ACCESS.readDashboards);
  return (
    <ComingSoon title="Agreement" description="How far the judge is from people, where, and why.">
      <p>Cohen&apos;s κ, Spearman ρ and Kendall τ between human ratings and the judge, with intervals, will appear here.</p>
    </ComingSoon>
  );
}
