"use client";

import { useSearchParams } from "next/navigation";
import type { AgreementReport } from "@/lib/agreement/report";
import { parseScope, scopeToSearchParams, type OverTimeGrouping, type Scope } from "@/lib/agreement/scope.schema";
import type { ScopeOptions } from "@/lib/agreement/scope-options";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { BiasSection } from "./bias-section";
import { BreakdownTable } from "./breakdown-table";
import { CalibrationSection } from "./calibration-section";
import { CascadeSection } from "./cascade-section";
import { ConfusionHeatmap } from "./confusion-heatmap";
import { DisagreementsSection } from "./disagreements-section";
import { ExportLinks } from "./export-links";
import { HeadlineCards } from "./headline-cards";
import { HumanCeilingSection } from "./human-ceiling-section";
import { JudgeVersionsSection } from "./judge-versions-section";
import { OverTimeSection } from "./over-time-section";
import { PairwiseSection } from "./pairwise-section";
import { PanelSection } from "./panel-section";
import { RatersSection } from "./raters-section";
import { ReportSummary } from "./report-summary";
import { ScopePicker } from "./scope-picker";
import { ScoreScatter } from "./score-scatter";
import { SelfEnhancementSection } from "./self-enhancement-section";
import { TaskSection } from "./task-section";
import { TrustSection } from "./trust-section";
import { WeightingSection } from "./weighting-section";
import { useAgreementReport } from "./use-agreement-report";
import { useTaskReport } from "./use-task-report";
import styles from "./agreement-view.module.css";

type Props = {
  options: ScopeOptions;
  /** The report the server computed for the URL's scope, or null when that failed. */
  initial: { key: string; report: AgreementReport } | null;
  initialError: string | null;
  canAdjudicate: boolean;
};

/** The agreement report for the scope in the URL; changing the scope changes the URL. */
export function AgreementView({ options, initial, initialError, canAdjudicate }: Props) {
  const searchParams = useSearchParams();
  const parsed = parseScope(searchParams);
  const scope: Scope = parsed.success ? parsed.data : {};
  const query = useAgreementReport(scope, initial);
  const report = query.data;
  const hasTaskFigures = Boolean(useTaskReport(scope).data?.figures);
  const navigate = (next: Scope) => {
    const params = scopeToSearchParams(next).toString();
    window.history.pushState(null, "", params ? `?${params}` : window.location.pathname);
  };
  const grouping: OverTimeGrouping = scope.by ?? "week";
  const error = !parsed.success ? parsed.error.issues[0]?.message : query.error ? query.error.message : !report ? initialError : null;
  const isUpdating = query.isFetching && (query.isPlaceholderData || !report);
  return (
    <div className={styles.view}>
      <ScopePicker options={options} scope={scope} resolved={report?.scope ?? null} onChange={navigate} />
      <div aria-live="polite" className={styles.status}>
        {isUpdating ? <span className={styles.updating}>Computing the figures for this scope…</span> : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {report ? (
        <div className={isUpdating ? styles.stale : undefined} aria-busy={isUpdating || undefined}>
          {/* A label or numeric criterion has no levels: its own section stands in for the level report. */}
          {report.headline.n === 0 && hasTaskFigures ? (
            <TaskSection scope={scope} />
          ) : (
            <>
              <ReportSummary report={report} />
              <TaskSection scope={scope} />
              {report.headline.n === 0 ? (
                <EmptyState title="No pairs in this scope">
                  <p>
                    A pair is a turn with at least one human rating (from the rating queue or an imported dataset) and a score from the chosen
                    judge. Widen the scope, pick another judge, or rate some turns in the queue.
                  </p>
                </EmptyState>
              ) : (
                <Report report={report} scope={scope} grouping={grouping} options={options} canAdjudicate={canAdjudicate} onScopeChange={navigate} />
              )}
              <PanelSection scope={scope} isPanel={report.scope.judge?.kind === "panel"} />
              <CalibrationSection scope={scope} isCalibrated={report.scope.judge?.kind === "calibrated"} />
              <CascadeSection scope={scope} isCascade={report.scope.judge?.kind === "cascade"} />
              <JudgeVersionsSection scope={scope} />
              <SelfEnhancementSection scope={scope} />
              {report.headline.n > 0 ? <WeightingSection scope={scope} /> : null}
              <PairwiseSection pairwise={report.pairwise} />
              <ExportLinks scope={scope} report={report} canExportLabels={canAdjudicate} />
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

function Report({
  report,
  scope,
  grouping,
  options,
  canAdjudicate,
  onScopeChange,
}: {
  report: AgreementReport;
  scope: Scope;
  grouping: OverTimeGrouping;
  options: ScopeOptions;
  canAdjudicate: boolean;
  onScopeChange: (scope: Scope) => void;
}) {
  return (
    <>
      <TrustSection scope={scope} raterNames={report.raterNames} canChangeBars={canAdjudicate} />
      <section className="section" aria-labelledby="headline-title">
        <h2 id="headline-title">Judge against humans</h2>
        <HeadlineCards figures={report.headline} />
      </section>
      <HumanCeilingSection ceiling={report.ceiling} headline={report.headline} raterNames={report.raterNames} />
      <section className="section" aria-labelledby="where-title">
        <h2 id="where-title">Where they differ</h2>
        <div className={styles.pair}>
          <ConfusionHeatmap labels={report.headline.confusion.labels} matrix={report.headline.confusion.matrix} />
          <ScoreScatter sample={report.scatter} cutoffs={report.cutoffs} levels={report.levels} />
        </div>
      </section>
      <section className="section" aria-labelledby="breakdown-title">
        <h2 id="breakdown-title">By persona and criterion</h2>
        <div className={styles.stack}>
          <BreakdownTable caption="Per persona" groupLabel="Persona" rows={report.byPersona} />
          <BreakdownTable caption="Per criterion" groupLabel="Criterion" rows={report.byCriterion} />
        </div>
        {report.notes.hasOtherCriteria ? (
          <p className="muted">The judge&apos;s level comes from its overall score; for criteria other than overall, read ρ rather than κ.</p>
        ) : null}
      </section>
      <OverTimeSection
        byWeek={report.overTime.byWeek}
        byImport={report.overTime.byImport}
        grouping={grouping}
        onGroupingChange={(by) => onScopeChange({ ...scope, by })}
        imports={options.imports}
      />
      <DisagreementsSection report={report} canAdjudicate={canAdjudicate} />
      <RatersSection raters={report.raters} ceiling={report.ceiling} names={report.raterNames} />
      <BiasSection bias={report.bias} />
    </>
  );
}
