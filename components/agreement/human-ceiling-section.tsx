import type { HumanCeiling } from "@/lib/agreement/human-ceiling";
import type { FiguresWithConfusion } from "@/lib/agreement/figures";
import { MIN_RATER_OVERLAP } from "@/lib/agreement/small-samples";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatCount, formatNumber } from "./format";
import { alphaReading, kappaReading } from "./readings";
import styles from "./report.module.css";

/**
 * How well humans agree with each other on the same turns (the ceiling), beside how well
 * the judge agrees with a single rater: the like-for-like comparison.
 */
export function HumanCeilingSection({ ceiling, headline, raterNames }: { ceiling: HumanCeiling; headline: FiguresWithConfusion; raterNames: Record<string, string> }) {
  const name = (key: string) => raterNames[key] ?? key;
  const hasCeiling = ceiling.humans.nPairs > 0;
  return (
    <section className="section" aria-labelledby="ceiling-title">
      <h2 id="ceiling-title">Human ceiling</h2>
      <p className={styles.lead}>
        Raters disagree too. Rater against rater is the most a judge can be expected to reach; the judge against one rater is the
        same measure for the judge.
      </p>
      <StatGrid label="Human ceiling" maxColumns={3}>
        <StatCard
          label="Rater vs rater · quadratic κ"
          value={formatNumber(ceiling.humans.quadratic)}
          detail={`mean over ${ceiling.humans.nPairs} rater pair${ceiling.humans.nPairs === 1 ? "" : "s"}`}
          reading={kappaReading(ceiling.humans.quadratic)}
          warning={hasCeiling ? null : `No two raters share ${MIN_RATER_OVERLAP} turns yet.`}
        />
        <StatCard
          label="Judge vs a rater · quadratic κ"
          value={formatNumber(ceiling.judge.quadratic)}
          detail={`mean over ${ceiling.judge.nPairs} rater${ceiling.judge.nPairs === 1 ? "" : "s"}`}
          reading={verdict(ceiling)}
        />
        <StatCard label="Judge vs human median · quadratic κ" value={formatNumber(headline.kappa.quadratic.value)} detail="the headline figure, for reference" reading={kappaReading(headline.kappa.quadratic.value)} />
        <StatCard label="Rater vs rater · Light's κ" value={formatNumber(ceiling.humans.unweighted)} detail="mean unweighted κ over rater pairs" reading={kappaReading(ceiling.humans.unweighted)} />
        <StatCard label="Judge vs a rater · κ" value={formatNumber(ceiling.judge.unweighted)} detail="mean unweighted κ over raters" reading={kappaReading(ceiling.judge.unweighted)} />
        <StatCard
          label="Krippendorff's α, raters"
          value={formatNumber(ceiling.alpha.value)}
          detail={`ordinal, ${formatCount(ceiling.nUnitsMultiRated)} turns rated twice or more`}
          reading={alphaReading(ceiling.alpha.value)}
        />
      </StatGrid>
      {ceiling.raterPairs.length > 0 ? (
        <details className={styles.details}>
          <summary>Every rater pair and the judge against each rater</summary>
          <div className={styles.twoColumns}>
            <PairTable caption="Rater against rater" rows={ceiling.raterPairs.map((p) => ({ key: `${p.a}|${p.b}`, label: `${name(p.a)} × ${name(p.b)}`, ...p }))} />
            <PairTable caption="Judge against each rater" rows={ceiling.judgeVsRaters.map((p) => ({ key: p.b, label: name(p.b), ...p }))} />
          </div>
        </details>
      ) : null}
    </section>
  );
}

function verdict(ceiling: HumanCeiling): string | null {
  const judge = ceiling.judge.quadratic;
  const humans = ceiling.humans.quadratic;
  if (judge === null || humans === null) return null;
  const gap = judge - humans;
  if (Math.abs(gap) < 0.05) return "About as good as another rater.";
  return gap > 0 ? "Closer to the raters than they are to each other." : `Below the human ceiling by ${formatNumber(-gap)}.`;
}

type PairRow = { key: string; label: string; n: number; unweighted: number | null; quadratic: number | null; isCounted: boolean };

function PairTable({ caption, rows }: { caption: string; rows: PairRow[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Pair</th>
            <th scope="col" className={styles.numeric}>Turns</th>
            <th scope="col" className={styles.numeric}>κ</th>
            <th scope="col" className={styles.numeric}>Quadratic κ</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={styles.rowHeader}>
                {row.label}
                {row.isCounted ? null : <span className="muted"> (fewer than {MIN_RATER_OVERLAP} turns: not in the mean)</span>}
              </th>
              <td className={styles.numeric}>{formatCount(row.n)}</td>
              <td className={styles.numeric}>{formatNumber(row.unweighted)}</td>
              <td className={styles.numeric}>{formatNumber(row.quadratic)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
