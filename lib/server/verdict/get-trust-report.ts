import "server-only";
import { dataScopeKey } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { trustFigures } from "@/lib/agreement/trust-figures";
import type { TrustReport } from "@/lib/agreement/trust-report";
import { criterionSettings } from "@/lib/agreement/verdict-settings.schema";
import { buildVerdicts } from "@/lib/agreement/verdicts";
import { computeAgreement } from "../agreement/compute-agreement";
import { findInclusionProbabilities } from "../agreement/find-inclusion-probabilities";
import { unlabeledCache } from "../agreement/report-cache";
import { bootstrapKey, getBootstrapState } from "./bootstrap-state";
import { findUnlabeledLevels } from "./find-unlabeled-levels";
import { getVerdictSettings } from "./get-verdict-settings";

/** The crossed bootstrap needs two raters on some item, or α and its interval mean nothing. */
const MIN_MULTI_RATED = 2;

/**
 * The verdicts of a scope: the report's pairs (cached per data version), the unlabeled
 * turns' judge levels (one grouped count), the alt-test and corrected estimates computed
 * here (milliseconds), and the crossed bootstrap read back from its background job.
 */
export async function getTrustReport(input: Scope): Promise<TrustReport> {
  const [{ pairs, report }, settings] = await Promise.all([computeAgreement(input), getVerdictSettings()]);
  const { scope, dataVersion } = report;
  const { cutoffs } = scope.thresholds;
  const unlabeledKey = `${dataVersion}|${dataScopeKey(scope)}|${cutoffs.fair}|${cutoffs.good}|${cutoffs.excellent}`;
  let unlabeled = unlabeledCache.get(unlabeledKey);
  if (!unlabeled) {
    unlabeled = await findUnlabeledLevels(scope, cutoffs);
    unlabeledCache.set(unlabeledKey, unlabeled);
  }
  const criterion = { ...criterionSettings(settings, scope.criterion), name: scope.criterion };
  const served = await findInclusionProbabilities(Array.from(pairs.units.turnId));
  const probabilities = Array.from(pairs.units.turnId, (turnId, u) => (pairs.units.ratingCriterion[u] === "overall" ? (served.get(turnId)?.probability ?? null) : null));
  const trust = trustFigures(pairs, unlabeled, { ...criterion, passLevel: settings.passLevel }, probabilities);
  const bootstrap =
    report.ceiling.nUnitsMultiRated < MIN_MULTI_RATED
      ? { status: "too-few" as const, reason: "Rater-aware intervals need items rated by at least two people." }
      : await getBootstrapState({ key: bootstrapKey(scope, settings.replicates), dataVersion, scope: input, replicates: settings.replicates });
  const nRatings = pairs.raterOf.length;
  const verdicts = buildVerdicts(report, trust, bootstrap.status === "ready" ? bootstrap.result : null, settings, nRatings);
  return { scope, dataVersion, settings, criterion, nItems: pairs.n, nRatings, trust, bootstrap, verdicts };
}
