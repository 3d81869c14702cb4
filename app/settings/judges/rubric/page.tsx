import type { Metadata } from "next";
import Link from "next/link";
import { JudgesTabs } from "@/components/llm-judge/judges-tabs";
import { RubricGenerationForm } from "@/components/llm-judge/rubric-generation-form";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { listJudgeEndpoints } from "@/lib/server/llm-judge/list-judge-endpoints";

export const metadata: Metadata = { title: "Rubric generation" };

export default async function RubricGenerationPage() {
  await requireUser(ACCESS.administer);
  const endpoints = await listJudgeEndpoints();
  return (
    <>
      <PageHeader title="LLM judges" description="Draft a rubric for a criterion with an LLM — levels with descriptions and characteristics, edge cases — and review it before anyone rates with it." />
      <JudgesTabs current="/settings/judges/rubric" />
      <section className="card section">
        <h2>Generate a rubric</h2>
        {endpoints.length === 0 ? (
          <EmptyState title="No endpoint yet" action={<Link href="/settings/judges">Add an endpoint</Link>}>
            <p>Rubric generation asks an OpenAI-compatible endpoint.</p>
          </EmptyState>
        ) : (
          <RubricGenerationForm endpoints={endpoints} />
        )}
      </section>
    </>
  );
}
