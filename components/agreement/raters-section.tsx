import type { HumanCeiling } from "@/lib/agreement/human-ceiling";
import type { RaterFigures } from "@/lib/agreement/raters";
import { formatCount, formatNumber, formatPercent, formatSigned, raterName } from "./format";
import styles from "./report.module.css";

/** Each rater: how much, how lenient, how accurate on gold, how close to the others and to the judge. */
export function RatersSection({ raters, ceiling, names }: { raters: RaterFigures[]; ceiling: HumanCeiling; names: Record<string, string> }) {
  const judgeKappa = new Map(ceiling.judgeVsRaters.map((p) => [p.b, p]));
  return (
    <section className="section" aria-labelledby="raters-title">
      <h2 id="raters-title">Raters</h2>
      <p className={styles.lead}>
        Leniency is a rater&apos;s level minus the mean of the others on the same turns (above 0: more generous). Consensus is the lower
        median of the other raters of a turn.
      </p>
      {raters.length === 0 ? (
        <p className="muted">No ratings in this scope.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="group" aria-label="Raters">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Rater</th>
                <th scope="col" className={styles.numeric}>Ratings</th>
                <th scope="col" className={styles.numeric}>Mean level</th>
                <th scope="col" className={styles.numeric}>Leniency</th>
                <th scope="col" className={styles.numeric}>Gold accuracy</th>
                <th scope="col" className={styles.numeric}>κ vs consensus</th>
                <th scope="col" className={styles.numeric}>Quadratic κ vs consensus</th>
                <th scope="col" className={styles.numeric}>Quadratic κ vs judge</th>
              </tr>
            </thead>
            <tbody>
              {raters.map((rater) => {
                const judge = judgeKappa.get(rater.rater);
                return (
                  <tr key={rater.rater}>
                    <th scope="row" className={styles.rowHeader}>
                      {raterName(rater.rater, names)}
                      {rater.rater.startsWith("a:") ? <span className="muted"> (imported)</span> : null}
                      {rater.consensus.smallSample.kappa ? <div className={styles.flag}>⚠ {rater.consensus.n} shared turns: κ means little</div> : null}
                    </th>
                    <td className={styles.numeric}>{formatCount(rater.n)}</td>
                    <td className={styles.numeric}>{formatNumber(rater.meanLevel)}</td>
                    <td className={styles.numeric}>
                      {formatSigned(rater.leniency)}
                      <div className="muted">{formatCount(rater.nWithOthers)} shared</div>
                    </td>
                    <td className={styles.numeric}>
                      {formatPercent(rater.goldAccuracy)}
                      <div className="muted">{rater.nGold > 0 ? `of ${formatCount(rater.nGold)} gold` : "no gold items"}</div>
                    </td>
                    <td className={styles.numeric}>{formatNumber(rater.consensus.unweighted.value)}</td>
                    <td className={styles.numeric}>{formatNumber(rater.consensus.quadratic.value)}</td>
                    <td className={styles.numeric}>{formatNumber(judge?.quadratic ?? null)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
