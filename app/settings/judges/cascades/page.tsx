import type { Metadata } from "next";
import { CascadeForm } from "@/components/cascades/cascade-form";
import { CascadesTable } from "@/components/cascades/cascades-table";
import { JudgesTabs } from "@/components/llm-judge/judges-tabs";
import { DerivedJudgeJobs } from "@/components/ui/derived-judge-jobs";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { listCascades } from "@/lib/server/cascades/list-cascades";
import { listDerivedJudgeJobs } from "@/lib/server/derived-judges/derived-judge-job";
import { listPanelCandidates } from "@/lib/server/panels/list-panels";
import { getActiveThresholds } from "@/lib/server/thresholds/get-active-thresholds";

export const metadata: Metadata = { title: "Judge cascades" };

export default async function CascadesPage() {
  await requireUser(ACCESS.administer);
  // The jobs first: a job read as done built its cascade before, so the list below has it
  // (read together, the list could be read just before the job finished, and the page would
  // stop refreshing with the notice "Created" above a list without it).
  const jobs = await listDerivedJudgeJobs("cascade");
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
      <DerivedJudgeJobs jobs={jobs} label="Cascades being built" />
      <section className="section">
        <h2>Cascades</h2>
        <CascadesTable cascades={cascades} />
      </section>
    </>
  );
}
