import type { Metadata } from "next";
import { CalibratedJudgeForm } from "@/components/calibrated-judges/calibrated-judge-form";
import { CalibratedJudgesTable } from "@/components/calibrated-judges/calibrated-judges-table";
import { JudgesTabs } from "@/components/llm-judge/judges-tabs";
import { DerivedJudgeJobs } from "@/components/ui/derived-judge-jobs";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { listCalibratedJudges, listCalibrationSources } from "@/lib/server/calibrated-judges/list-calibrated-judges";
import { listDerivedJudgeJobs } from "@/lib/server/derived-judges/derived-judge-job";
import { HEURISTIC_JUDGE } from "@/lib/server/import/ensure-judge";

export const metadata: Metadata = { title: "Calibrated judges" };

export default async function CalibratedJudgesPage() {
  await requireUser(ACCESS.administer);
  // The jobs first: a job read as done built its judge before, so the list below has it.
  const jobs = await listDerivedJudgeJobs("calibrated");
  const [judges, sources] = await Promise.all([listCalibratedJudges(), listCalibrationSources()]);
  // The orchestrator's own judge first, as on the Agreement page.
  const preferred = sources.find((s) => s.name === HEURISTIC_JUDGE.name && s.version === HEURISTIC_JUDGE.version) ?? sources[0];
  return (
    <>
      <PageHeader
        title="Calibrated judges"
        description="A judge's score rarely means the same as a human level. A calibrated judge maps it onto the human levels with a monotone fit on the rated turns, and is then a judge like any other: on the Agreement page, in thresholds and exports."
      />
      <JudgesTabs current="/settings/judges/calibrated" />
      <section className="card section">
        <h2>New calibrated judge</h2>
        <CalibratedJudgeForm sources={sources} defaultSource={preferred?.id} />
      </section>
      <DerivedJudgeJobs jobs={jobs} label="Calibrated judges being built" />
      <section className="section">
        <h2>Calibrated judges</h2>
        <CalibratedJudgesTable judges={judges} />
      </section>
    </>
  );
}
