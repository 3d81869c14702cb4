import type { Metadata } from "next";
import Link from "next/link";
import { JudgesTabs } from "@/components/llm-judge/judges-tabs";
import { RunsTable } from "@/components/llm-judge/runs-table";
import { StartRunForm } from "@/components/llm-judge/start-run-form";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { listJudgeEndpoints } from "@/lib/server/llm-judge/list-judge-endpoints";
import { listJudgeRuns } from "@/lib/server/llm-judge/list-judge-runs";
import { listRunScopeOptions } from "@/lib/server/llm-judge/list-run-scope-options";

export const metadata: Metadata = { title: "LLM judge runs" };

export default async function JudgeRunsPage() {
  await requireUser(ACCESS.administer);
  const [endpoints, runs, scopes] = await Promise.all([listJudgeEndpoints(), listJudgeRuns(), listRunScopeOptions()]);
  return (
    <>
      <PageHeader
        title="LLM judges"
        description="Runs are jobs in the database: they survive a restart and resume where they stopped, within each endpoint's concurrency and rate limits."
      />
      <JudgesTabs current="/settings/judges/runs" />
      <section className="card section">
        <h2>Start a run</h2>
        {endpoints.length === 0 ? (
          <EmptyState title="No endpoint yet" action={<Link href="/settings/judges">Add an endpoint</Link>}>
            <p>A run needs an OpenAI-compatible endpoint to call.</p>
          </EmptyState>
        ) : (
          <StartRunForm endpoints={endpoints} {...scopes} />
        )}
      </section>
      <section className="section">
        <h2>Runs</h2>
        <RunsTable initialRuns={runs} />
      </section>
    </>
  );
}
