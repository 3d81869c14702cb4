import type { CorrelationResult, KappaEstimate } from "@/lib/stats";
import type { FiguresWithConfusion } from "@/lib/agreement/figures";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatCount, formatInterval, formatNumber, formatPercent, formatPValue } from "./format";
import { correlationReading, correlationWarning, kappaReading, kappaWarning } from "./readings";

function intervalText(ci: [number, number] | null, extra?: string | null) {
  const parts = [ci ? `95 % CI ${formatInterval(ci)}` : "no interval", extra].filter(Boolean);
  return parts.join(" · ");
}

function KappaCard({ label, kappa, n }: { label: string; kappa: KappaEstimate; n: number }) {
  return (
    <StatCard
      label={label}
      value={formatNumber(kappa.value)}
      detail={intervalText(kappa.ci)}
      reading={kappaReading(kappa.value) ?? "Undefined: every pair has the same level"}
      warning={kappaWarning(n)}
    />
  );
}

function CorrelationCard({ label, result }: { label: string; result: CorrelationResult }) {
  return (
    <StatCard
      label={label}
      value={formatNumber(result.value)}
      detail={intervalText(result.ci, formatPValue(result.pValue))}
      reading={correlationReading(result.value) ?? "Undefined: one side does not vary"}
      warning={correlationWarning(result.n)}
    />
  );
}

/** n, raw agreement, the three κ and the two rank correlations, each with what it means. */
export function HeadlineCards({ figures }: { figures: FiguresWithConfusion }) {
  const { n } = figures;
  return (
    <StatGrid label="Judge against humans" maxColumns={4}>
      <StatCard label="Pairs (n)" value={formatCount(n)} detail="turns × criteria with a human level and a judge score" />
      <StatCard
        label="Raw agreement"
        value={formatPercent(figures.exactAgreement)}
        detail="same level from judge and humans"
        reading={figures.meanOffset === null ? null : offsetReading(figures.meanOffset)}
        warning={kappaWarning(n)}
      />
      <KappaCard label="Cohen's κ" kappa={figures.kappa.unweighted} n={n} />
      <KappaCard label="κ linear" kappa={figures.kappa.linear} n={n} />
      <KappaCard label="κ quadratic" kappa={figures.kappa.quadratic} n={n} />
      <CorrelationCard label="Spearman ρ" result={figures.spearman} />
      <CorrelationCard label="Kendall τ-b" result={figures.kendall} />
    </StatGrid>
  );
}

function offsetReading(offset: number): string {
  if (Math.abs(offset) < 0.05) return "The judge is neither stricter nor more lenient on average.";
  return `The judge's level is ${formatNumber(Math.abs(offset))} ${offset > 0 ? "higher (more lenient)" : "lower (stricter)"} on average.`;
}
