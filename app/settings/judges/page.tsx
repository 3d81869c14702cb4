import type { Metadata } from "next";
import { EndpointForm } from "@/components/llm-judge/endpoint-form";
import { EndpointsTable } from "@/components/llm-judge/endpoints-table";
import { JudgesTabs } from "@/components/llm-judge/judges-tabs";
import { SecretKeyNotice } from "@/components/llm-judge/secret-key-notice";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { getSecretKeyStatus } from "@/lib/server/llm-judge/get-secret-key-status";
import { listJudgeEndpoints } from "@/lib/server/llm-judge/list-judge-endpoints";

export const metadata: Metadata = { title: "LLM judges" };

export default async function JudgeEndpointsPage() {
  await requireUser(ACCESS.administer);
  const endpoints = await listJudgeEndpoints();
  const secretKey = getSecretKeyStatus();
  return (
    <>
      <PageHeader
        title="LLM judges"
        description="A second judge beside the heuristic one: any OpenAI-compatible chat endpoint scores turns against the rubric and compares pairs of responses, with the order swapped to catch position bias."
      />
      <JudgesTabs current="/settings/judges" />
      <SecretKeyNotice {...secretKey} />
      <section className="card section">
        <h2>Add an endpoint</h2>
        <EndpointForm canStoreKeys={secretKey.canStoreKeys} />
      </section>
      <section className="section">
        <h2>Endpoints</h2>
        <EndpointsTable endpoints={endpoints} />
      </section>
    </>
  );
}
