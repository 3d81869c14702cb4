import { Alert } from "@/components/ui/alert";
import { RefreshWhile } from "@/components/ui/refresh-while";
import type { DerivedJudgeJob } from "@/lib/server/derived-judges/derived-judge-job";

/**
 * Panels, cascades or calibrated judges being built in the background, and how the recent
 * ones ended; the page refreshes itself until none is waiting or running.
 */
export function DerivedJudgeJobs({ jobs, label }: { jobs: DerivedJudgeJob[]; label: string }) {
  if (jobs.length === 0) return null;
  const isActive = jobs.some((job) => job.status === "pending" || job.status === "running");
  return (
    <section className="section" aria-label={label}>
      <RefreshWhile active={isActive} />
      {jobs.map((job) => {
        if (job.status === "failed") {
          return (
            <Alert key={job.id} tone="error">
              Could not create “{job.name}”: {job.error ?? "the job failed"}
            </Alert>
          );
        }
        if (job.status === "done" && job.built) {
          return (
            <Alert key={job.id} tone="success">
              Created {job.built.name} {job.built.version}: {job.built.summary}
            </Alert>
          );
        }
        return (
          <Alert key={job.id} tone="info">
            {job.status === "pending" ? "Waiting to build" : "Building"} “{job.name}”: reading the answers it is made of and storing its own. This page updates by itself.
          </Alert>
        );
      })}
    </section>
  );
}
