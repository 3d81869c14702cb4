import type { Metadata } from "next";
import { ScoringStatus } from "@/components/thresholds/scoring-status";
import { ThresholdsWorkbench } from "@/components/thresholds/thresholds-workbench";
import { VersionHistory } from "@/components/thresholds/version-history";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { formatDateTime } from "@/lib/format";
import { requireUser } from "@/lib/server/auth/guards";
import { findThresholdVersion } from "@/lib/server/thresholds/find-threshold-version";
import { listThresholdVersions } from "@/lib/server/thresholds/list-threshold-versions";
import { warmScoreIndex } from "@/lib/server/thresholds/load-score-index";

export const metadata: Metadata = { title: "Thresholds" };

export default async function ThresholdsPage() {
  await requireUser(ACCESS.administer);
  // The first preview after a data change reads every score; start that while the admin reads the page.
  warmScoreIndex();
  const active = await findThresholdVersion("active");
  const history = await listThresholdVersions();
  const nextVersion = Math.max(...history.map((entry) => entry.version)) + 1;
  return (
    <>
      <PageHeader
        title="Thresholds and weights"
        description={
          <>
            Active: version {active.version}, saved {formatDateTime(active.createdAt)}
            {active.author ? ` by ${active.author.name}` : ""} — “{active.note}”
          </>
        }
      />
      <ScoringStatus activeId={active.id} />
      <ThresholdsWorkbench active={active} nextVersion={nextVersion} />
      <VersionHistory entries={history} activeId={active.id} />
    </>
  );
}
