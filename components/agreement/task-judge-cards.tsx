import type { JudgeFigures } from "@/lib/agreement/task-figures";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatInterval, formatNumber, formatPercent, formatPValue } from "./format";
import { correlationReading, correlationWarning, kappaReading, kappaWarning } from "./readings";

function withInterval(ci: [number, number] | null, extra?: string | null): string {
  return [ci ? `95 % CI ${formatInterval(ci)}` : "no interval", extra].filter(Boolean).join(" · ");
}

/** A card's detail line with the rater-aware interval of `figure` in front, once there is one. */
function detailWith(intervals: Intervals, figure: string, meaning: string, asPercent = false): string {
  const ci = intervals?.[figure];
  if (!ci) return meaning;
  const range = asPercent ? `${formatPercent(ci[0])} to ${formatPercent(ci[1])}` : formatInterval(ci);
  return `95 % CI ${range} · ${meaning}`;
}

/** The rater-aware intervals by figure name, once computed. */
export type Intervals = Record<string, [number, number] | null> | null;

/**
 * The seed's primary metrics of the criterion's type, large. With `intervals`, each card
 * shows its rater-aware interval; before they are computed the numeric correlations show
 * their items-only (Fisher z) intervals.
 */
export function TaskJudgeCards({ judge, n, intervals }: { judge: JudgeFigures; n: number; intervals: Intervals }) {
  switch (judge.type) {
    case "binary": {
      const m = judge.metrics;
      return (
        <StatGrid label="Judge against people" maxColumns={3}>
          <StatCard label="Precision" value={formatNumber(m.precision)} detail={detailWith(intervals, "precision", `of the turns the judge called ${judge.positive}, the share people called ${judge.positive} too`)} />
          <StatCard label="Recall" value={formatNumber(m.recall)} detail={detailWith(intervals, "recall", `of the turns people called ${judge.positive}, the share the judge caught`)} />
          <StatCard label="F1" value={formatNumber(m.f1)} detail={detailWith(intervals, "f1", "the balance of precision and recall")} warning={kappaWarning(n)} />
        </StatGrid>
      );
    }
    case "categorical": {
      const m = judge.metrics;
      return (
        <StatGrid label="Judge against people" maxColumns={3}>
          <StatCard label="Accuracy" value={formatPercent(m.accuracy)} detail={detailWith(intervals, "accuracy", "turns where the judge gave the people's label", true)} warning={kappaWarning(n)} />
          <StatCard label="Macro-F1" value={formatNumber(m.macroF1)} detail={detailWith(intervals, "macroF1", "the mean of each label's F1: rare labels count as much as common ones")} />
          <StatCard label="Cohen's κ" value={formatNumber(m.kappa)} detail={detailWith(intervals, "kappa", "agreement beyond chance")} reading={kappaReading(m.kappa)} />
        </StatGrid>
      );
    }
    case "multilabel": {
      const m = judge.metrics;
      return (
        <StatGrid label="Judge against people" maxColumns={3}>
          <StatCard label="Macro-F1" value={formatNumber(m.macroF1)} detail={detailWith(intervals, "macroF1", "the mean of each label's F1: rare labels count as much as common ones")} warning={kappaWarning(n)} />
          <StatCard label="Micro-F1" value={formatNumber(m.microF1)} detail={detailWith(intervals, "microF1", "F1 over every turn × label decision pooled: common labels weigh more")} />
        </StatGrid>
      );
    }
    case "numeric":
      return (
        <StatGrid label="Judge against people" maxColumns={3}>
          <StatCard
            label="Spearman ρ"
            value={formatNumber(judge.spearman.value)}
            detail={withInterval(intervals?.spearman ?? judge.spearman.ci, formatPValue(judge.spearman.pValue))}
            reading={correlationReading(judge.spearman.value)}
            warning={correlationWarning(n)}
          />
          <StatCard
            label="Kendall τ-b"
            value={formatNumber(judge.kendall.value)}
            detail={withInterval(intervals?.kendall ?? judge.kendall.ci, formatPValue(judge.kendall.pValue))}
            reading={correlationReading(judge.kendall.value)}
          />
          <StatCard
            label="ICC(2,1), absolute agreement"
            value={formatNumber(judge.icc.icc2_1.value)}
            detail={withInterval(intervals?.icc2_1 ?? judge.icc.icc2_1.ci)}
            reading="1 when the judge gives the people's very numbers"
          />
        </StatGrid>
      );
  }
}
