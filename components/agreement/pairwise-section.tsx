import type { PairwiseFigures } from "@/lib/agreement/pairwise";
import { EmptyState } from "@/components/ui/empty-state";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatCount, formatInterval, formatNumber, formatPercent } from "./format";
import { kappaReading, kappaWarning } from "./readings";
import { TaskReliability } from "./task-reliability";
import styles from "./report.module.css";

const VERDICTS: Record<string, string> = { model_a: "A better", tie: "Tie", model_b: "B better" };

/**
 * Whether the judge's confidence and its consistency under the position swap tell when it
 * agrees with people: agreement by confidence band and by consistency, and the reliability diagram.
 */
function ConfidenceFigures({ pairwise }: { pairwise: PairwiseFigures }) {
  const { consistent, flipped } = pairwise.byConsistency;
  return (
    <>
      <StatGrid label="Agreement by position consistency" maxColumns={2}>
        <StatCard
          label="Agreement when both orders agree"
          value={formatPercent(consistent.agreement)}
          detail={`${formatCount(consistent.n)} comparisons with the same winner in both passes`}
        />
        <StatCard
          label="Agreement when the order changed the verdict"
          value={formatPercent(flipped.agreement)}
          detail={`${formatCount(flipped.n)} comparisons that flipped (their final verdict is a tie)`}
          reading={consistent.agreement !== null && flipped.agreement !== null && flipped.agreement < consistent.agreement ? "A flip is a warning sign: send those to people first." : null}
        />
      </StatGrid>
      {pairwise.calibration ? (
        <>
          <div className="section table-wrap">
            <table className="table">
              <caption className={styles.caption}>Agreement with people by the judge&apos;s confidence</caption>
              <thead>
                <tr>
                  <th scope="col">Confidence</th>
                  <th scope="col" className={styles.numeric}>
                    Comparisons
                  </th>
                  <th scope="col" className={styles.numeric}>
                    Agreement
                  </th>
                </tr>
              </thead>
              <tbody>
                {pairwise.byConfidence.map((band) => (
                  <tr key={band.lower}>
                    <th scope="row" className={styles.rowHeader}>
                      {formatNumber(band.lower, 1)}–{formatNumber(band.upper, 1)}
                    </th>
                    <td className={styles.numeric}>{formatCount(band.n)}</td>
                    <td className={styles.numeric}>{band.n > 0 ? formatPercent(band.agreement) : "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TaskReliability calibration={pairwise.calibration} unit="comparisons" rightMeans="Right means the judge's final verdict is the person's." />
        </>
      ) : (
        <p className="muted">The judge gave no confidence with these verdicts, so there is no calibration to show.</p>
      )}
    </>
  );
}

/** Pairwise comparisons of the judge against human preferences (seed 001, with position swap). */
export function PairwiseSection({ pairwise }: { pairwise: PairwiseFigures | null }) {
  return (
    <section className="section" aria-labelledby="pairwise-title">
      <h2 id="pairwise-title">Pairwise comparisons</h2>
      {pairwise === null ? (
        <EmptyState title="No pairwise comparisons for this judge">
          <p>
            This fills in when the judge compares two responses to the same prompt (run twice with the positions swapped) and a person has
            said which one is better. It then shows agreement with and without ties, whether the judge keeps its verdict when the order
            changes (position bias), the accuracy of each pass, and κ on A better &lt; tie &lt; B better.
          </p>
        </EmptyState>
      ) : (
        <>
          <StatGrid label="Pairwise agreement" maxColumns={4}>
            <StatCard label="Comparisons" value={formatCount(pairwise.n)} detail="with a human verdict" warning={kappaWarning(pairwise.n)} />
            <StatCard label="Agreement, ties included" value={formatPercent(pairwise.agreementWithTies)} />
            <StatCard label="Agreement, ties left out" value={formatPercent(pairwise.agreementWithoutTies)} detail={`over ${formatCount(pairwise.nWithoutTies)} comparisons without a tie`} />
            <StatCard
              label="Position consistency"
              value={formatPercent(pairwise.passes.positionConsistency)}
              detail={`same winner with the order swapped, ${formatCount(pairwise.passes.n)} with both passes`}
              reading={pairwise.passes.positionConsistency !== null && pairwise.passes.positionConsistency < 0.8 ? "Position bias: the order changes the verdict often." : null}
            />
            <StatCard label="Pass 1 accuracy" value={formatPercent(pairwise.passes.pass1Accuracy)} detail="A shown first" />
            <StatCard label="Pass 2 accuracy" value={formatPercent(pairwise.passes.pass2Accuracy)} detail="B shown first" />
            <StatCard
              label="κ quadratic, A < tie < B"
              value={formatNumber(pairwise.kappa.quadratic)}
              detail={pairwise.kappa.quadraticCi ? `95 % CI ${formatInterval(pairwise.kappa.quadraticCi)} · κ ${formatNumber(pairwise.kappa.unweighted)}` : `κ ${formatNumber(pairwise.kappa.unweighted)}`}
              reading={kappaReading(pairwise.kappa.quadratic)}
            />
          </StatGrid>
          <ConfidenceFigures pairwise={pairwise} />
          <div className="section table-wrap">
            <table className="table">
              <caption className={styles.caption}>Human verdict (rows) against the judge&apos;s final verdict (columns)</caption>
              <thead>
                <tr>
                  <th scope="col">Human ↓ · Judge →</th>
                  {pairwise.kappa.labels.map((label) => (
                    <th key={label} scope="col" className={styles.numeric}>
                      {VERDICTS[label]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {pairwise.kappa.matrix.map((row, i) => (
                  <tr key={pairwise.kappa.labels[i]}>
                    <th scope="row" className={styles.rowHeader}>
                      {VERDICTS[pairwise.kappa.labels[i]]}
                    </th>
                    {row.map((count, j) => (
                      <td key={j} className={styles.numeric}>
                        {formatCount(count)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
