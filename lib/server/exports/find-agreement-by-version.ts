import "server-only";
import type { Scope } from "@/lib/agreement/scope.schema";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { getDb } from "@/lib/server/db";
import { DomainError } from "@/lib/server/errors";
import { getTrustReport } from "@/lib/server/verdict/get-trust-report";

/** Each version of the scope's judge, oldest first, with its report and verdicts under the same scope. */
export async function findAgreementByVersion(scope: Scope & { judge: string }) {
  const versions = await getDb().judge.findMany({ where: { name: scope.judge }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { version: true, createdAt: true, kind: true } });
  if (versions.length === 0) throw new DomainError("not_found", `no judge named "${scope.judge}"`);
  const results = [];
  // One after another: each report may start a background bootstrap job of its own.
  for (const version of versions) {
    const versionScope = { ...scope, judgeVersion: version.version };
    const [agreement, verdicts] = await Promise.all([getAgreementReport(versionScope), getTrustReport(versionScope)]);
    results.push({ version: version.version, kind: version.kind, createdAt: version.createdAt.toISOString(), agreement, verdicts });
  }
  return { judge: scope.judge, exportedAt: new Date().toISOString(), versions: results };
}
