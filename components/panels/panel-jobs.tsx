import { Alert } from "@/components/ui/alert";
import { RefreshWhile } from "@/components/ui/refresh-while";
import { PANEL_RULE_NAMES } from "@/lib/panels/panel.schema";
import type { PanelJob } from "@/lib/server/panels/panel-job";

/** Panels being built in the background, and how the recent ones ended; the page refreshes itself until none is running. */
export function PanelJobs({ jobs }: { jobs: PanelJob[] }) {
  const isActive = jobs.some((job) => job.status === "pending" || job.status === "running");
  if (jobs.length === 0) return null;
  return (
    <section className="section" aria-label="Panels being built">
      <RefreshWhile active={isActive} />
      {jobs.map((job) => {
        const rule = PANEL_RULE_NAMES[job.aggregate].toLowerCase();
        if (job.status === "failed") {
          return (
            <Alert key={job.id} tone="error">
              Could not create “{job.name}” ({rule}): {job.error ?? "the job failed"}
            </Alert>
          );
        }
        if (job.status === "done" && job.created) {
          return (
            <Alert key={job.id} tone="success">
              Created {job.created.name} {job.created.version}: answers on {job.created.turns.toLocaleString("en")} turns. Pick it as the judge on the Agreement page to see what it is worth.
            </Alert>
          );
        }
        return (
          <Alert key={job.id} tone="info">
            {job.status === "pending" ? "Waiting to build" : "Building"} “{job.name}” ({rule}): reading every member&apos;s answers and storing the panel&apos;s. This page updates by itself.
          </Alert>
        );
      })}
    </section>
  );
}
