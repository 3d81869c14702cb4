import type { AltTestResult } from "@/lib/stats/alt-test";
import { formatCount, formatNumber, formatPercent, raterName } from "./format";
import { altTestHeadline, formatEpsilon, formatSmallPValue } from "./trust-format";
import reportStyles from "./report.module.css";
import styles from "./trust.module.css";

const ALIGNMENT_TEXT: Record<AltTestResult["alignment"], string> = {
  accuracy: "accuracy (share of equal levels)",
  neg_rmse: "−RMSE (distance between levels)",
};

/** The alternative annotator test: could the judge stand in for one of the raters? */
export function AltTestPanel({ result, raterNames }: { result: AltTestResult; raterNames: Record<string, string> }) {
  return (
    <section className={styles.panel} aria-labelledby="alt-test-title">
      <h3 id="alt-test-title" className={styles.panelTitle}>
        Can the judge replace a rater?
      </h3>
      <p className={styles.headline}>{altTestHeadline(result)}</p>
      <p className="muted">
        Compared by {ALIGNMENT_TEXT[result.alignment]} on {formatCount(result.nItems)} item{result.nItems === 1 ? "" : "s"} rated by the judge and
        at least {result.minRaters} people
        {result.nItemsDropped > 0 ? ` (${formatCount(result.nItemsDropped)} with fewer people left out)` : ""}.
        {result.advantageProbability !== null
          ? ` On ${formatPercent(result.advantageProbability)} of a rater's items, on average, the judge is as close to the other raters as the rater is.`
          : ""}
      </p>
      {result.nTested === 0 ? (
        <p className={styles.note} role="note">
          Too little data to test any rater yet. The test needs items rated by the judge and by at least {result.minRaters} people, and at least{" "}
          {result.minItems} such items for each rater it tests.
        </p>
      ) : null}
      {result.raters.length > 0 ? <RaterTable result={result} raterNames={raterNames} /> : null}
      <details className={reportStyles.details}>
        <summary>How is this computed</summary>
        <div className={styles.explanation}>
          <p>
            Each rater is left out in turn. On every item that rater rated, both the rater and the judge are compared with the remaining raters of
            that item, by {ALIGNMENT_TEXT[result.alignment]}. The judge scores a point when it is at least as close to them as the rater, the rater
            when the rater is.
          </p>
          <p>
            A one-sided t-test then asks whether the rater&apos;s lead over the judge is smaller than ε = {formatEpsilon(result.epsilon)}: the
            allowance for the judge being cheaper and faster than a person. When it is, the judge beats that rater. Because several raters are
            tested, the p-values are corrected for multiple testing (Benjamini–Yekutieli, false discovery rate q = {formatNumber(result.q)}).
          </p>
          <p>
            ω is the share of raters the judge beats; the judge can replace a rater when ω is at least 0.5. Raters with fewer than{" "}
            {result.minItems} items shared with the judge and another rater are not tested. From Calderon, Reichart &amp; Dror, “The Alternative
            Annotator Test for LLM-as-a-Judge” (ACL 2025).
          </p>
        </div>
      </details>
    </section>
  );
}

function RaterTable({ result, raterNames }: { result: AltTestResult; raterNames: Record<string, string> }) {
  const rows = result.raters
    .map((row) => ({ ...row, name: raterName(row.rater, raterNames) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
  return (
    // Focusable, so that a keyboard can scroll the table sideways on a narrow screen.
    <div className={`table-wrap ${styles.fit}`} tabIndex={0} role="group" aria-label="Each rater against the judge">
      <table className="table">
        <caption className={reportStyles.caption}>Each rater against the judge</caption>
        <thead>
          <tr>
            <th scope="col">Rater</th>
            <th scope="col" className={reportStyles.numeric}>Items</th>
            <th scope="col" className={reportStyles.numeric}>Judge advantage</th>
            <th scope="col" className={reportStyles.numeric}>p-value</th>
            <th scope="col">Beaten</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rater}>
              <th scope="row" className={`${reportStyles.rowHeader} ${styles.raterName}`}>
                {row.name}
              </th>
              <td className={reportStyles.numeric}>{formatCount(row.nItems)}</td>
              {row.skipped !== null ? (
                <td colSpan={3} className="muted">
                  Not tested: {row.skipped}
                </td>
              ) : (
                <>
                  <td className={reportStyles.numeric}>{formatPercent(row.judgeAdvantage)}</td>
                  <td className={reportStyles.numeric}>{formatSmallPValue(row.pValue)}</td>
                  <td className={row.won ? styles.won : undefined}>{row.won ? "yes" : "no"}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
