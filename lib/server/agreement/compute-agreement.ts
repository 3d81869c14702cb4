import "server-only";
import type { AgreementPairs } from "@/lib/agreement/build-pairs";
import { buildAgreementReport } from "@/lib/agreement/build-report";
import type { AgreementReport } from "@/lib/agreement/report";
import { dataScopeKey, reportScopeKey } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { findAgreementData } from "./find-agreement-data";
import { findDisagreementDetails } from "./find-disagreement-details";
import { findPairwiseRows } from "./find-pairwise-rows";
import { findRaterNames } from "./find-rater-names";
import { getDataVersion } from "./get-data-version";
import { dataCache, reportCache } from "./report-cache";
import { resolveAgreementScope } from "./resolve-agreement-scope";

export type ComputedAgreement = { pairs: AgreementPairs; report: AgreementReport };

const inFlight = new Map<string, Promise<ComputedAgreement>>();

/**
 * The agreement report of a scope and the pairs behind it: the one function behind the
 * page, `GET /api/v1/agreement` and the exports, so they always show the same numbers.
 * Cached per data version and scope; two requests for the same figures share one computation.
 */
export async function computeAgreement(input: Scope): Promise<ComputedAgreement> {
  const dataVersion = await getDataVersion();
  const scope = await resolveAgreementScope(input, dataVersion);
  const key = `${dataVersion}|${reportScopeKey(scope)}`;
  const cached = reportCache.get(key);
  if (cached) return cached;
  let running = inFlight.get(key);
  if (!running) {
    running = compute(dataVersion, scope).finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  const computed = await running;
  reportCache.set(key, computed);
  return computed;
}

async function compute(dataVersion: string, scope: AgreementReport["scope"]): Promise<ComputedAgreement> {
  const dataKey = `${dataVersion}|${dataScopeKey(scope)}`;
  let data = dataCache.get(dataKey);
  if (!data) {
    const [core, pairwise] = await Promise.all([findAgreementData(scope), findPairwiseRows(scope)]);
    data = { ...core, pairwise };
    dataCache.set(dataKey, data);
  }
  // The raters' names are asked for before the figures are computed, so the database looks
  // them up meanwhile: the keys in the order buildPairs meets them (pairs.raters).
  const raterNames = findRaterNames([...new Set(data.ratings.rater)]);
  raterNames.catch(() => {}); // awaited below
  await new Promise((resolve) => setImmediate(resolve)); // lets the query go out first
  const { pairs, report: figures } = buildAgreementReport(data, scope.thresholds.cutoffs);
  const listed = [...figures.disagreements.judgeVsHuman.rows, ...figures.disagreements.amongHumans.rows];
  const details = await findDisagreementDetails(listed);
  const report: AgreementReport = { ...figures, scope, dataVersion, computedAt: new Date().toISOString(), raterNames: await raterNames, ...details };
  return { pairs, report };
}
