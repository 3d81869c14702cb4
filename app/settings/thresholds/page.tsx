import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "Thresholds" };

export default async function ThresholdsPage() {
  await requireUser(ACCESS.administer);
  return (
    <ComingSoon title="Thresholds and weights" description="Quality cut-offs (Excellent ≥ 0.80, Good ≥ 0.65, Fair ≥ 0.50) and persona weights.">
      <p>Edit them with a preview of what each change does to agreement with human ratings.</p>
    </ComingSoon>
  );
}
