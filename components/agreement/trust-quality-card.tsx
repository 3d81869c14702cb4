import type { QualityEstimate, TrustFigures } from "@/lib/agreement/trust-figures";
import { formatCount, formatNumber, formatPercent, levelName } from "./format";
import { qualityReading } from "./trust-format";
import reportStyles from "./report.module.css";
import styles from "./trust.module.css";

type Quality = TrustFigures["quality"];
type Format = (value: number | null) => string;

const asLevel: Format = (value) => formatNumber(value);
const asPercent: Format = (value) => formatPercent(value, 1);

/** The judge's own figures, the same corrected by the human labels, and the humans' alone. */
export function QualityCard({ quality }: { quality: Quality }) {
  const { meanLevel, passRate, passLevel } = quality;
  const reading = qualityReading(meanLevel, passRate);
  const cannotCorrect = meanLevel.corrected.mean === null;
  return (
    <section className={styles.panel} aria-labelledby="quality-title">
      <h3 id="quality-title" className={styles.panelTitle}>
        Estimated true quality
      </h3>
      {/* Focusable, so that a keyboard can scroll the table sideways on a narrow screen. */}
      <div className={`table-wrap ${styles.fit}`} tabIndex={0} role="group" aria-label="Quality estimates">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">Judge only</th>
              <th scope="col">Corrected</th>
              <th scope="col">Humans only</th>
            </tr>
          </thead>
          <tbody>
            <QualityRow label="Mean quality level (1 Poor – 4 Excellent)" estimate={meanLevel} format={asLevel} />
            <QualityRow label={`Pass rate (${levelName(passLevel)} or better)`} estimate={passRate} format={asPercent} />
          </tbody>
        </table>
      </div>
      {reading ? <p className={styles.reading}>{reading}</p> : null}
      {meanLevel.isWeighted ? (
        <p className="muted">
          Every rated turn here came from the sampled queue, where escalated turns are served more often: the humans-only and corrected figures weight
          each rated turn by 1 ÷ the probability that it was picked (Zrnic &amp; Candès, 2024), so they describe every turn in scope.
        </p>
      ) : null}
      {cannotCorrect ? (
        <p className="muted">
          {meanLevel.corrected.nUnlabeled === 0
            ? "Every turn the judge scored in this scope has a human rating, so there is nothing to correct: read the humans-only column."
            : "No turn in this scope has a human rating yet, so the judge's figures cannot be corrected."}
        </p>
      ) : null}
      <details className={reportStyles.details}>
        <summary>How is this computed</summary>
        <div className={styles.explanation}>
          <p>
            The judge scored every turn in scope; people rated only some of them. <strong>Judge only</strong> takes the judge&apos;s levels at their
            word. <strong>Humans only</strong> uses the rated turns alone: unbiased, but wide. <strong>Corrected</strong> uses both: the judge&apos;s
            figure over every turn, corrected by how far the judge was off on the turns people rated, with a 95 % interval that stays valid however
            good or bad the judge is.
          </p>
          <p>
            The correction is weighted by λ, chosen to make the interval as narrow as possible: λ = 0 ignores the judge (humans only), λ = 1 trusts
            its figures fully as a starting point. Here λ = {formatNumber(meanLevel.corrected.lambda)} for the mean level and{" "}
            {formatNumber(passRate.corrected.lambda)} for the pass rate. This is prediction-powered inference (Angelopoulos et al., Science 2023)
            with its power tuning, PPI++ (Angelopoulos, Duchi &amp; Zrnic, 2024).
          </p>
        </div>
      </details>
    </section>
  );
}

function QualityRow({ label, estimate, format }: { label: string; estimate: QualityEstimate; format: Format }) {
  const { judgeOnly, corrected, humanOnly } = estimate;
  return (
    <tr>
      <th scope="row" className={reportStyles.rowHeader}>
        {label}
      </th>
      <td>
        <Cell value={format(judgeOnly.mean)} n={`n = ${formatCount(judgeOnly.n)} scored`} />
      </td>
      <td>
        <Cell
          value={format(corrected.mean)}
          interval={interval(corrected.ciLow, corrected.ciHigh, format)}
          n={`n = ${formatCount(corrected.nLabeled)} rated + ${formatCount(corrected.nUnlabeled)} unrated`}
        />
      </td>
      <td>
        <Cell value={format(humanOnly.mean)} interval={interval(humanOnly.ciLow, humanOnly.ciHigh, format)} n={`n = ${formatCount(humanOnly.n)} rated`} />
      </td>
    </tr>
  );
}

function interval(low: number | null, high: number | null, format: Format): string | null {
  return low === null || high === null ? null : `95 % CI ${format(low)} to ${format(high)}`;
}

function Cell({ value, interval, n }: { value: string; interval?: string | null; n: string }) {
  return (
    <>
      <span className={styles.cellValue}>{value}</span>
      {interval ? <span className={styles.cellDetail}>{interval}</span> : null}
      <span className={styles.cellDetail}>{n}</span>
    </>
  );
}
