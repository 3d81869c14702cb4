// The statistics of the agreement report: pure functions over plain arrays, null where a
// figure is undefined. Each module's doc comments give the formula and its reference.
export { pearsonCorrelation, pearsonR } from "./pearson.ts";
export { spearmanCorrelation, spearmanRho } from "./spearman.ts";
export { kendallTauB, kendallTau, kendallCounts, kendallPValue, type KendallCounts } from "./kendall-tau.ts";
export { kendallExactPValue } from "./kendall-exact.ts";
export { correlationPValue, fisherZInterval, DEFAULT_CONFIDENCE, type CorrelationResult, type Interval } from "./correlation-inference.ts";
export { cohenKappa, kappaFromConfusion, type KappaWeights, type KappaEstimate, type KappaReport } from "./cohen-kappa.ts";
export { confusionMatrix, type ConfusionMatrix } from "./confusion-matrix.ts";
export { groupLevelCorrelation, groupLevelCorrelations, type GroupLevelResult, type Coefficient } from "./group-correlation.ts";
export { groupLevelScoreCorrelations } from "./group-rank-correlation.ts";
export { krippendorffAlpha, type AlphaMetric, type AlphaResult, type Rating } from "./krippendorff-alpha.ts";
export { raterPairKappas, type RaterPairKappa } from "./rater-kappa.ts";
export { pairwiseAgreement, PREFERENCE_ORDER, type Preference, type PairwiseInput, type PairwiseAgreement } from "./pairwise-preference.ts";
export { kappaBand, correlationBand, alphaBand, type Band } from "./coefficient-bands.ts";
export { roundHalfUp, scaleLevel, levelFromCutoffs } from "./levels.ts";
export { averageRanks, denseRanks } from "./ranks.ts";
export { altTest, benjaminiYekutieli, type AltTestAlignment, type AltTestValue, type AltTestInput, type AltTestOptions, type AltTestRater, type AltTestResult } from "./alt-test.ts";
export { fitIsotonic, predictIsotonic, crossFitIsotonic, contiguousFolds, meanAbsoluteError, type IsotonicMap } from "./isotonic.ts";
export { ppiMean, classicalMeanCi, judgeOnlyMean, type MeanInterval, type PpiMean, type PpiOptions } from "./ppi.ts";
export {
  crossedBootstrap,
  crossedBootstrapSteps,
  type CrossedInput,
  type CrossedBootstrapOptions,
  type CrossedBootstrapResult,
  type BootstrapFigure,
} from "./crossed-bootstrap.ts";
export { verdictOf, type Verdict, type VerdictFigure } from "./verdict.ts";
export { labelsNeeded } from "./labels-needed.ts";
export { percentiles } from "./percentile.ts";
