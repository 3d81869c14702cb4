import type { Metadata } from "next";
import { RetryPolicyForm } from "@/components/thresholds/retry-policy-form";
import { ScoringStatus } from "@/components/thresholds/scoring-status";
import { ThresholdsWorkbench } from "@/components/thresholds/thresholds-workbench";
import { VersionHistory } from "@/components/thresholds/version-history";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { formatDateTime } from "@/lib/format";
import { requireUser } from "@/lib/server/auth/guards";
import { getRetryPolicy } from "@/lib/server/score/get-retry-policy";
import { findThresholdVersion } from "@/lib/server/thresholds/find-threshold-version";
import { listThresholdVersions } from "@/lib/server/thresholds/list-threshold-versions";
import { warmScoreIndex } from "@/lib/server/thresholds/load-score-index";
import { orderedPersonas } from "@/lib/thresholds/weights";

export const metadata: Metadata = { title: "Thresholds" };

export default async function ThresholdsPage() {
  await requireUser(ACCESS.administer);
  // The first preview after a data change reads every score; start that while the admin reads the page.
  warmScoreIndex();
  const active = await findThresholdVersion("active");
  const history = await listThresholdVersions();
  const nextVersion = Math.max(...history.map((entry) => entry.version)) + 1;
  const retryPolicy = await getRetryPolicy();
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
      <section className="card section" aria-labelledby="retry-heading">
        <h2 id="retry-heading">Retry cut-off for the orchestrator</h2>
        <p className="muted">
          When the orchestrator scores a response as it writes it (<code>POST /api/v1/score</code>, with a <code>score</code> API key), the answer says{" "}
          <code>retry: true</code> when the overall score is below this cut-off, so the response can be written again. Saving it makes no new version.
        </p>
        <RetryPolicyForm policy={retryPolicy} personas={orderedPersonas(active.weights).filter((persona) => persona !== "default")} />
      </section>
      <VersionHistory entries={history} activeId={active.id} />
    </>
  );
}
