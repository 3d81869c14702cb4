import "server-only";
import type { AgreementReport } from "@/lib/agreement/report";
import type { Scope } from "@/lib/agreement/scope.schema";
import { computeAgreement } from "./compute-agreement";

/** The agreement report of a scope (see computeAgreement). */
export async function getAgreementReport(scope: Scope): Promise<AgreementReport> {
  return (await computeAgreement(scope)).report;
}
