"use client";

import type { PanelDiagnostics } from "@/lib/agreement/panel-diagnostics";
import type { Scope } from "@/lib/agreement/scope.schema";
import { PANEL_RULE_NAMES } from "@/lib/panels/panel.schema";
import type { PanelReport } from "@/lib/panels/panel-report";
import { Alert } from "@/components/ui/alert";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatCount, formatInterval, formatNumber, formatSigned } from "./format";
import { usePanelReport } from "./use-panel-report";
import styles from "./report.module.css";

const TITLE_ID = "panel-title";

const VERDICT_WORDS = { better: "better than its best member", worse: "worse than its best member", inconclusive: "inconclusive" } as const;

/** "A panel of 3 is worth 1.8 independent judges; it beats its best member by +0.04 κ_q [−0.01, 0.09]: inconclusive." */
export function panelSentence(d: PanelDiagnostics): string {
  const worth = d.nEff === null ? `A panel of ${d.k}: its members' errors could not be compared` : `A panel of ${d.k} is worth ${formatNumber(d.nEff, 1)} independent judges`;
  const { value, ci, verdict } = d.difference;
  if (value === null) return `${worth}.`;
  const lead = `${value >= 0 ? "beats" : "trails"} its best member by ${formatSigned(value)} κ_q${ci ? ` [${formatInterval(ci)}]` : ""}`;
  return `${worth}; it ${lead}${verdict ? `: ${VERDICT_WORDS[verdict]}` : ""}.`;
}

function Matrix({ caption, names, matrix }: { caption: string; names: string[]; matrix: (number | null)[][] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <td />
            {names.map((name) => (
              <th key={name} scope="col" className={styles.numeric}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.map((row, i) => (
            <tr key={names[i]}>
              <th scope="row" className={styles.rowHeader}>
                {names[i]}
              </th>
              {row.map((value, j) => (
                <td key={j} className={styles.numeric}>
                  {i === j ? "–" : formatNumber(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The weights that best predict people from the members' scores, judged out of fold only. */
function FittedWeightsTable({ names, fitted, panelKappa }: { names: string[]; fitted: NonNullable<PanelDiagnostics["fitted"]>; panelKappa: number | null }) {
  return (
    <div className="section">
      <p>
        <strong>Fitted weights.</strong> Non-negative weights on the members&apos; scores that best predict the human level, checked on sessions
        they were not fitted on (5 folds): κ quadratic {formatNumber(fitted.outOfFoldKappa)} out of fold, against {formatNumber(panelKappa)} for
        this panel&apos;s own rule.
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className={styles.caption}>Fitted weight per member (level = {formatNumber(fitted.intercept)} + Σ weight × score)</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col" className={styles.numeric}>
                Weight
              </th>
            </tr>
          </thead>
          <tbody>
            {names.map((name, m) => (
              <tr key={name}>
                <th scope="row" className={styles.rowHeader}>
                  {name}
                </th>
                <td className={styles.numeric}>{formatNumber(fitted.coef[m])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Diagnostics({ report, diagnostics: d }: { report: NonNullable<PanelReport["panel"]>; diagnostics: PanelDiagnostics }) {
  const names = report.members.map((m) => `${m.name} ${m.version}`);
  const best = d.best === null ? null : names[d.best];
  return (
    <>
      <p className={styles.lead}>{panelSentence(d)}</p>
      <StatGrid label="Panel figures" maxColumns={4}>
        <StatCard label="Panel κ quadratic" value={formatNumber(d.panelKappa)} detail={`over ${formatCount(d.n)} rated turns`} />
        <StatCard label="Best member κ quadratic" value={formatNumber(d.best === null ? null : d.memberKappa[d.best])} detail={best ?? "no member has a κ"} />
        <StatCard
          label="Effective independent judges"
          value={formatNumber(d.nEff, 1)}
          detail={`of ${d.k}: k / (1 + (k − 1)·ρ̄)`}
          reading={d.nEff !== null && d.nEff < d.k - 0.5 ? "The members make the same mistakes: more of them adds less than it seems." : null}
        />
        <StatCard
          label="Mean error correlation ρ̄"
          value={formatNumber(d.errorCorrelation.mean)}
          detail={`over ${formatCount(d.errorCorrelation.nPairs)} member ${d.errorCorrelation.nPairs === 1 ? "pair" : "pairs"}; error = member level − human level`}
        />
      </StatGrid>
      <div className="table-wrap section">
        <table className="table">
          <caption className={styles.caption}>Each member against people</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col" className={styles.numeric}>
                κ quadratic
              </th>
            </tr>
          </thead>
          <tbody>
            {names.map((name, m) => (
              <tr key={name}>
                <th scope="row" className={styles.rowHeader}>
                  {name}
                  {m === d.best ? " (best)" : ""}
                </th>
                <td className={styles.numeric}>{formatNumber(d.memberKappa[m])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {d.fitted ? <FittedWeightsTable names={names} fitted={d.fitted} panelKappa={d.panelKappa} /> : null}
      <Matrix caption="How the members agree with each other (κ quadratic)" names={names} matrix={d.agreement} />
      <Matrix caption="How their errors against people correlate (Pearson r)" names={names} matrix={d.errorCorrelation.matrix} />
    </>
  );
}

/**
 * "Judge panel": shown when the scope's judge is a panel. What the panel is worth against
 * its members, and whether they are really independent.
 */
export function PanelSection({ scope, isPanel }: { scope: Scope; isPanel: boolean }) {
  const query = usePanelReport(scope, isPanel);
  if (!isPanel) return null;
  if (query.isPending) return <p className="muted" aria-live="polite">Comparing the panel with its members…</p>;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const { panel, diagnostics } = query.data;
  if (!panel) return null;
  return (
    <section className="section" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>Judge panel</h2>
      <p className="muted">
        {panel.name} {panel.version}: {PANEL_RULE_NAMES[panel.aggregate]} of {panel.members.map((m) => `${m.name} ${m.version}`).join(", ")}.
      </p>
      {diagnostics ? (
        <Diagnostics report={panel} diagnostics={diagnostics} />
      ) : (
        <p>
          {panel.aggregate === "vote"
            ? "A voting panel answers with labels: pick a labelled criterion to see its figures in the section for that criterion's type."
            : "No rated turn in this scope has the panel's score yet."}
        </p>
      )}
    </section>
  );
}
