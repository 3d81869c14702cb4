"use client";

import type { Scope } from "@/lib/agreement/scope.schema";
import type { FeedbackWeek, WeightedAgreement, WeightedFigure } from "@/lib/agreement/weighted-agreement";
import { MIN_N_KAPPA } from "@/lib/agreement/small-samples";
import type { MeanInterval } from "@/lib/stats/ppi";
import { Alert } from "@/components/ui/alert";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatCount, formatDay, formatNumber, formatPercent } from "./format";
import { useWeightedAgreement } from "./use-weighted-agreement";
import styles from "./report.module.css";

const TITLE_ID = "weighting-title";
const FIGURE_NAMES: Record<WeightedFigure["key"], string> = {
  agreement: "Exact agreement",
  withinOne: "Within one level",
  absoluteGap: "Mean level gap",
};

function formatFigure(key: WeightedFigure["key"], value: number | null): string {
  return key === "absoluteGap" ? formatNumber(value) : formatPercent(value, 1);
}

function intervalText(key: WeightedFigure["key"], interval: MeanInterval): string | null {
  if (interval.ciLow === null || interval.ciHigh === null) return null;
  return `95 % interval ${formatFigure(key, interval.ciLow)} to ${formatFigure(key, interval.ciHigh)}`;
}

/**
 * Items rated under the sampled queue design, weighted by 1/inclusion probability, beside
 * the unweighted figures on the same items; then the feedback loop: whether escalated
 * items' disagreement falls week by week.
 */
export function WeightingSection({ scope }: { scope: Scope }) {
  const query = useWeightedAgreement(scope);
  if (query.isPending) return <p className="muted" aria-live="polite">Weighting the ratings by how they were sampled…</p>;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const data = query.data;
  return (
    <section className="section" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>Escalation and weighting</h2>
      {data.nSampled === 0 ? (
        <p className="muted">
          None of the {formatCount(data.nRated)} rated turns here was served by the sampled queue design, so there is nothing to weight. An admin can switch
          the queue to &ldquo;a random sample, plus a share of escalated items&rdquo; under Manage the queue.
        </p>
      ) : (
        <WeightedFigures data={data} />
      )}
    </section>
  );
}

function WeightedFigures({ data }: { data: WeightedAgreement }) {
  // Weights shrink the effective sample further: below the report's usual floor the interval means little.
  const warning = data.nSampled < MIN_N_KAPPA ? `Only ${formatCount(data.nSampled)} weighted ${data.nSampled === 1 ? "turn" : "turns"}: too few to read much into.` : undefined;
  return (
    <>
      <p className="muted">
        {formatCount(data.nSampled)} of {formatCount(data.nRated)} rated turns came from the sampled queue, {formatCount(data.nEscalated)} of them through
        the escalation share. Escalated turns are rated more often than their number warrants, so each rating counts by 1 ÷ the probability that its turn
        was picked (a Hájek-weighted mean): the weighted figures describe the whole pool, the unweighted ones the turns people happened to see.
      </p>
      <StatGrid label="Weighted agreement" maxColumns={4}>
        {data.figures.map((figure) => (
          <StatCard
            key={figure.key}
            label={`${FIGURE_NAMES[figure.key]}, weighted`}
            value={formatFigure(figure.key, figure.weighted.mean)}
            detail={intervalText(figure.key, figure.weighted)}
            reading={`Unweighted: ${formatFigure(figure.key, figure.unweighted.mean)}`}
            warning={warning}
          />
        ))}
        {data.quality ? (
          <StatCard
            label="Mean human level, corrected and weighted"
            value={formatNumber(data.quality.weighted.mean)}
            detail={intervalText("absoluteGap", data.quality.weighted)}
            reading={`Unweighted PPI++: ${formatNumber(data.quality.unweighted.mean)} (1 = Poor … 4 = Excellent)`}
            warning={warning}
          />
        ) : null}
      </StatGrid>
      <FeedbackTable weeks={data.feedback} />
    </>
  );
}

function FeedbackTable({ weeks }: { weeks: FeedbackWeek[] }) {
  if (weeks.length === 0) return null;
  return (
    <div className="table-wrap section">
      <table className="table">
        <caption className={styles.caption}>
          Did escalation help? Share of turns where people and the judge disagree, by week of the first rating: as the judge and its cut-offs learn from
          escalated turns, their disagreement should fall.
        </caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col" className={styles.numeric}>
              Escalated turns
            </th>
            <th scope="col" className={styles.numeric}>
              Their disagreement
            </th>
            <th scope="col" className={styles.numeric}>
              Random-sample turns
            </th>
            <th scope="col" className={styles.numeric}>
              Their disagreement
            </th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row" className={styles.rowHeader}>
                {formatDay(week.weekStart)}
              </th>
              <td className={styles.numeric}>{formatCount(week.escalated.n)}</td>
              <td className={styles.numeric}>{formatPercent(week.escalated.disagreement)}</td>
              <td className={styles.numeric}>{formatCount(week.sampled.n)}</td>
              <td className={styles.numeric}>{formatPercent(week.sampled.disagreement)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
