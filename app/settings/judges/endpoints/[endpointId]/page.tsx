import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EndpointForm } from "@/components/llm-judge/endpoint-form";
import { SecretKeyNotice } from "@/components/llm-judge/secret-key-notice";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { findJudgeEndpoint } from "@/lib/server/llm-judge/find-judge-endpoint";
import { getSecretKeyStatus } from "@/lib/server/llm-judge/get-secret-key-status";

export const metadata: Metadata = { title: "Edit endpoint" };

export default async function EditEndpointPage({ params }: { params: Promise<{ endpointId: string }> }) {
  await requireUser(ACCESS.administer);
  const id = Number((await params).endpointId);
  const endpoint = Number.isInteger(id) && id > 0 ? await findJudgeEndpoint(id) : null;
  if (!endpoint) notFound();
  const secretKey = getSecretKeyStatus();
  return (
    <>
      <PageHeader title={`Edit ${endpoint.name}`} description={<Link href="/settings/judges">← All endpoints</Link>} />
      <SecretKeyNotice {...secretKey} />
      <section className="card section">
        <EndpointForm endpoint={endpoint} canStoreKeys={secretKey.canStoreKeys} />
      </section>
    </>
  );
}
