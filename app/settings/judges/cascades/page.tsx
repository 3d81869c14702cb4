import type { Metadata } from "next";
import { CascadeForm } from "@/components/cascades/cascade-form";
import { CascadesTable } from "@/components/cascades/cascades-table";
import { JudgesTabs } from "@/components/llm-judge/judges-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { listCascades } from "@/lib/server/cascades/list-cascades";
import { listPanelCandidates } from "@/lib/server/panels/list-panels";
import { getActiveThresholds } from "@/lib/server/thresholds/get-active-thresholds";

export const metadata: Metadata = { title: "Judge cascades" };

export default async function CascadesPage() {
  await requireUser(ACCESS.administer);
  const [cascades, judges, thresholds] = await Promise.all([listCascades(), listPanelCandidates(), getActiveThresholds()]);
  return (
    <>
      <PageHeader
        title="Judge cascades"
        description="A cheap judge screens every turn; the turns it scores near a cut-off go to a strong judge. Propose a band from the turns people rated, then see on the Agreement page what the cascade costs and what it is worth beside each judge alone."
      />
      <JudgesTabs current="/settings/judges/cascades" />
      <section className="card section">
        <h2>New cascade</h2>
        <CascadeForm candidates={judges.filter((judge) => judge.scores > 0)} defaultCutoff={thresholds.cutoffs.good} />
      </section>
      <section className="section">
        <h2>Cascades</h2>
        <CascadesTable cascades={cascades} />
      </section>
    </>
  );
}
