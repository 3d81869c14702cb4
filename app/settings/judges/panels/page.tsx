import type { Metadata } from "next";
import { JudgesTabs } from "@/components/llm-judge/judges-tabs";
import { PanelForm } from "@/components/panels/panel-form";
import { PanelsTable } from "@/components/panels/panels-table";
import { DerivedJudgeJobs } from "@/components/ui/derived-judge-jobs";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { listPanelCandidates, listPanels } from "@/lib/server/panels/list-panels";
import { listDerivedJudgeJobs } from "@/lib/server/derived-judges/derived-judge-job";

export const metadata: Metadata = { title: "Judge panels" };

export default async function PanelsPage() {
  await requireUser(ACCESS.administer);
  // The jobs first: a job read as done built its panel before, so the list below has it.
  const jobs = await listDerivedJudgeJobs("panel");
  const [panels, candidates] = await Promise.all([listPanels(), listPanelCandidates()]);
  return (
    <>
      <PageHeader
        title="Judge panels"
        description="Several judges as one: their scores averaged, or their labels put to a vote. The Agreement page then shows whether the panel beats its best member, and how many independent judges it is really worth."
      />
      <JudgesTabs current="/settings/judges/panels" />
      <section className="card section">
        <h2>New panel</h2>
        <PanelForm candidates={candidates} />
      </section>
      <DerivedJudgeJobs jobs={jobs} label="Panels being built" />
      <section className="section">
        <h2>Panels</h2>
        <PanelsTable panels={panels} />
      </section>
    </>
  );
}
