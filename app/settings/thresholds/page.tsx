import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata: Metadata = { title: "Thresholds" };

export default function ThresholdsPage() {
  return (
    <ComingSoon title="Thresholds and weights" description="Quality cut-offs (Excellent ≥ 0.80, Good ≥ 0.65, Fair ≥ 0.50) and persona weights.">
      <p>Edit them with a preview of what each change does to agreement with human ratings.</p>
    </ComingSoon>
  );
}
