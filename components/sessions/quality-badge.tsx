import { Badge } from "@/components/ui/badge";
import type { QualityLevelName } from "@/lib/thresholds/levels";

const TONES = { Excellent: "success", Good: "accent", Fair: "warning", Poor: "danger" } as const;

/** The quality level as a badge; "No score" when no judge scored the session. */
export function QualityBadge({ level }: { level: QualityLevelName | null }) {
  if (level === null) return <Badge>No score</Badge>;
  return <Badge tone={TONES[level]}>{level}</Badge>;
}
