"use client";

import type { Scope } from "@/lib/agreement/scope.schema";
import type { CascadeFigures, CostFigure } from "@/lib/cascade/cascade-figures";
import type { CascadeReport } from "@/lib/cascade/cascade-report";
import { describeBand, formatCost, formatTokens } from "@/lib/cascade/format-cost";
import { Alert } from "@/components/ui/alert";
import { formatCount, formatNumber, formatPercent } from "./format";
import { useCascadeReport } from "./use-cascade-report";
import styles from "./report.module.css";

const TITLE_ID = "cascade-title";

const costText = (figure: CostFigure) => (figure.cost === null ? (figure.missing ?? "no prices set") : formatCost(figure.cost));

/** "It sends 23 % of the rated turns to the strong judge: κ_q 0.81, against 0.82 for the strong judge alone and 0.70 for the screener alone, at 27 % of the strong judge's cost." */
export function cascadeSentence(f: CascadeFigures): string {
  const lead = `It sends ${formatPercent(f.escalatedShare)} of ${formatCount(f.n)} rated turns to the strong judge: κ quadratic ${formatNumber(f.kappa.cascade)}, against ${formatNumber(f.kappa.strong)} for the strong judge alone and ${formatNumber(f.kappa.screener)} for the screener alone`;
  const { cascade, strong } = f.cost;
  if (cascade.cost === null || strong.cost === null) return `${lead}; its cost cannot be compared (${cascade.missing ?? strong.missing}).`;
  if (strong.cost === 0) return `${lead}, at ${formatCost(cascade.cost)}.`;
  return `${lead}, at ${formatPercent(cascade.cost / strong.cost)} of the strong judge's cost (${formatCost(cascade.cost)} instead of ${formatCost(strong.cost)}).`;
}

function Figures({ report, figures: f }: { report: NonNullable<CascadeReport["cascade"]>; figures: CascadeFigures }) {
  const rows = [
    { name: `Cascade ${report.name} ${report.version}`, kappa: f.kappa.cascade, escalated: `${formatCount(f.escalated)} (${formatPercent(f.escalatedShare)})`, cost: f.cost.cascade },
    { name: `Screener alone: ${report.screener.name} ${report.screener.version}`, kappa: f.kappa.screener, escalated: "none", cost: f.cost.screener },
    { name: `Strong judge alone: ${report.strong.name} ${report.strong.version}`, kappa: f.kappa.strong, escalated: "all", cost: f.cost.strong },
  ];
  return (
    <>
      <p className={styles.lead}>{cascadeSentence(f)}</p>
      <div className="table-wrap">
        <table className="table">
          <caption className={styles.caption}>
            On the same {formatCount(f.n)} rated turns{f.turns !== f.n ? ` (${formatCount(f.turns)} distinct turns for the cost)` : ""}
          </caption>
          <thead>
            <tr>
              <th scope="col">Judge</th>
              <th scope="col" className={styles.numeric}>
                κ quadratic
              </th>
              <th scope="col" className={styles.numeric}>
                To the strong judge
              </th>
              <th scope="col" className={styles.numeric}>
                Cost
              </th>
              <th scope="col" className={styles.numeric}>
                Per turn
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row" className={styles.rowHeader}>
                  {row.name}
                </th>
                <td className={styles.numeric}>{formatNumber(row.kappa)}</td>
                <td className={styles.numeric}>{row.escalated}</td>
                <td className={styles.numeric}>
                  {costText(row.cost)}
                  {row.cost.tokens ? <div className="muted">{formatTokens(row.cost.tokens.input, row.cost.tokens.output)}</div> : null}
                </td>
                <td className={styles.numeric}>{row.cost.perTurn === null ? "—" : formatCost(row.cost.perTurn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        Cost: the tokens each judge used on these turns at its endpoint&apos;s prices per 1M tokens today (Settings → Judges → Endpoints); the heuristic
        judge is free. The cascade pays the screener on every turn and the strong judge on the turns it escalated.
        {f.nWithoutStrong > 0 ? ` ${formatCount(f.nWithoutStrong)} rated turns of the cascade are left out: the strong judge has not scored them.` : ""}
      </p>
    </>
  );
}

/** "Judge cascade": shown when the scope's judge is a cascade. What it buys and costs against each of its judges alone. */
export function CascadeSection({ scope, isCascade }: { scope: Scope; isCascade: boolean }) {
  const query = useCascadeReport(scope, isCascade);
  if (!isCascade) return null;
  if (query.isPending) return <p className="muted" aria-live="polite">Comparing the cascade with its two judges…</p>;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const { cascade, figures } = query.data;
  if (!cascade) return null;
  return (
    <section className="section" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>Judge cascade</h2>
      <p className="muted">
        {cascade.name} {cascade.version}: {cascade.screener.name} {cascade.screener.version} screens every turn; scores from {describeBand(cascade)} go to{" "}
        {cascade.strong.name} {cascade.strong.version}.
      </p>
      {figures && figures.n > 0 ? <Figures report={cascade} figures={figures} /> : <p>No rated turn in this scope has scores from the cascade and both its judges yet.</p>}
    </section>
  );
}
