import type { Metadata } from "next";
import { EscalatedItems } from "@/components/queue/manage/escalated-items";
import { EscalationSettingsForm } from "@/components/queue/manage/escalation-settings-form";
import { GoldItems } from "@/components/queue/manage/gold-items";
import { ManageColumns } from "@/components/queue/manage/manage-columns";
import { QueueScopeForm } from "@/components/queue/manage/queue-scope-form";
import { QueueSettingsForm } from "@/components/queue/manage/queue-settings-form";
import { QueueTotalsView } from "@/components/queue/manage/queue-totals";
import { RaterTable } from "@/components/queue/manage/rater-table";
import { ButtonGroup, ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { findGoldCandidates } from "@/lib/server/queue/find-gold-candidates";
import { getQueueConfig } from "@/lib/server/queue/get-queue-config";
import { getQueueProgress } from "@/lib/server/queue/get-queue-progress";
import { getRaterQuality } from "@/lib/server/queue/get-rater-quality";
import { DEFAULT_ESCALATION_SETTINGS } from "@/lib/queue/escalation.schema";
import { getEscalationRefreshState } from "@/lib/server/queue/escalation-refresh-job";
import { listEscalatedItems } from "@/lib/server/queue/list-escalated-items";
import { listGoldItems } from "@/lib/server/queue/list-gold-items";
import { listScopeOptions } from "@/lib/server/queue/list-scope-options";

export const metadata: Metadata = { title: "Manage the queue" };

export default async function ManageQueuePage() {
  await requireUser(ACCESS.administer);
  const config = await getQueueConfig();
  const escalation = config.escalation ?? DEFAULT_ESCALATION_SETTINGS;
  const [progress, quality, goldItems, candidates, options, escalated, refresh] = await Promise.all([
    getQueueProgress(config),
    getRaterQuality(config.scope),
    listGoldItems(),
    findGoldCandidates(config.scope),
    listScopeOptions(),
    listEscalatedItems(config.scope, config.settings.ratingsPerTurn),
    getEscalationRefreshState(),
  ]);
  return (
    <>
      <PageHeader
        title="Manage the queue"
        description="What the queue serves, how far it is, how each rater is doing, and the gold items that check them."
        actions={
          <ButtonGroup>
            <ButtonLink href="/settings/rubric">Edit the rubric</ButtonLink>
            <ButtonLink href="/queue">Open the queue</ButtonLink>
          </ButtonGroup>
        }
      />
      <QueueTotalsView totals={progress.totals} settings={config.settings} />
      <RaterTable activity={progress.raters} quality={quality} />
      <ManageColumns>
        <section className="card" aria-labelledby="scope-heading">
          <h2 id="scope-heading">Scope</h2>
          <QueueScopeForm scope={config.scope} options={options} />
        </section>
        <section className="card" aria-labelledby="settings-heading">
          <h2 id="settings-heading">Settings</h2>
          <QueueSettingsForm settings={config.settings} />
        </section>
      </ManageColumns>
      <EscalatedItems overview={escalated} settings={escalation} refresh={refresh} />
      <section className="card section" aria-labelledby="escalation-settings-heading">
        <h2 id="escalation-settings-heading">Escalation</h2>
        <EscalationSettingsForm settings={escalation} />
      </section>
      <GoldItems items={goldItems} candidates={candidates} />
    </>
  );
}
