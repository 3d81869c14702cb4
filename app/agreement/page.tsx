import type { Metadata } from "next";
import { AgreementView } from "@/components/agreement/agreement-view";
import { PageHeader } from "@/components/ui/page-header";
import { parseScope, scopeKey } from "@/lib/agreement/scope.schema";
import { ACCESS } from "@/lib/auth/access";
import { findScopeOptions } from "@/lib/server/agreement/find-scope-options";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { requireUser } from "@/lib/server/auth/guards";
import { DomainError } from "@/lib/server/errors";

export const metadata: Metadata = { title: "Agreement" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AgreementPage({ searchParams }: Props) {
  const user = await requireUser(ACCESS.readDashboards);
  const parsed = parseScope(await searchParams);
  const scope = parsed.success ? parsed.data : {};
  const [options, initial] = await Promise.all([
    findScopeOptions(),
    getAgreementReport(scope).then(
      (report) => ({ report, error: null }),
      (error: unknown) => {
        if (error instanceof DomainError) return { report: null, error: error.message };
        throw error;
      },
    ),
  ]);
  return (
    <>
      <PageHeader title="Agreement" description="How far the judge is from people, where, and why." />
      <AgreementView
        options={options}
        initial={initial.report ? { key: scopeKey(scope), report: initial.report } : null}
        initialError={initial.error}
        canAdjudicate={user.role === "admin"}
      />
    </>
  );
}
