"use client";

import type { Scope } from "@/lib/agreement/scope.schema";
import type { TaskCriterion } from "@/lib/agreement/task-data";
import type { TaskFigures } from "@/lib/agreement/task-figures";
import type { TaskIntervals, TaskReport } from "@/lib/agreement/task-report";
import { Alert } from "@/components/ui/alert";
import { ConfusionMatrix } from "@/components/ui/confusion-matrix";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatCount, formatNumber } from "./format";
import { humanAnswerRule, secondaryRows, TYPE_NAMES } from "./task-format";
import { TaskHumans } from "./task-humans";
import { TaskJudgeCards, type Intervals } from "./task-judge-cards";
import { TaskReliability } from "./task-reliability";
import { ClassTable, FigureTable } from "./task-tables";
import { useTaskReport } from "./use-task-report";
import styles from "./task.module.css";

const TITLE_ID = "task-title";

function describeCriterion(criterion: TaskCriterion): string {
  const answered = `“${criterion.name}” is answered with ${TYPE_NAMES[criterion.type]}`;
  if (criterion.type === "numeric") {
    const scale = criterion.min !== null && criterion.max !== null ? ` from ${formatNumber(criterion.min, 0)} to ${formatNumber(criterion.max, 0)}` : "";
    return `${answered}${scale}.`;
  }
  if (criterion.labels.length === 0) return `${answered}.`;
  const positive = criterion.type === "binary" && criterion.positive ? ` (positive: ${criterion.positive})` : "";
  return `${answered}: ${criterion.labels.join(", ")}${positive}.`;
}

/** Where the rater-aware intervals stand, in a line under the judge's figures. */
function IntervalsNote({ intervals }: { intervals: TaskIntervals | null }) {
  if (intervals === null) return null;
  switch (intervals.status) {
    case "ready":
      return (
        <p className="muted">
          95&nbsp;% intervals are rater-aware: sessions and raters resampled together ({formatCount(intervals.result.replicates)} replicates over{" "}
          {formatCount(intervals.result.nClusters)} {intervals.result.nClusters === 1 ? "session" : "sessions"} and {formatCount(intervals.result.nRaters)}{" "}
          {intervals.result.nRaters === 1 ? "rater" : "raters"}), so they count who rated as well as
          which turns.
        </p>
      );
    case "computing": {
      const percent = intervals.total > 0 ? Math.floor((intervals.done / intervals.total) * 100) : 0;
      return (
        <div className="muted" aria-live="polite">
          <p>Rater-aware intervals: computing ({percent}&nbsp;%)</p>
          <ProgressBar label="Rater-aware intervals" value={intervals.done} max={intervals.total} />
        </div>
      );
    }
    case "failed":
      return <Alert tone="error">The intervals could not be computed: {intervals.error}</Alert>;
    case "too-few":
      return <p className="muted">No intervals yet. {intervals.reason}</p>;
  }
}

function Figures({ figures, criterion, intervals: state }: { figures: TaskFigures; criterion: TaskCriterion; intervals: TaskIntervals | null }) {
  const { judge } = figures;
  const intervals: Intervals = state?.status === "ready" ? Object.fromEntries(Object.entries(state.result.figures).map(([name, f]) => [name, f.ci])) : null;
  const confusion = judge.type === "binary" ? judge.confusion : judge.type === "categorical" ? { labels: judge.metrics.labels, matrix: judge.metrics.matrix } : null;
  const perClass = judge.type === "categorical" ? judge.metrics.perClass : judge.type === "multilabel" ? judge.metrics.perLabel : null;
  return (
    <div className={styles.stack}>
      <div className={styles.group}>
        <h3>Judge against people</h3>
        <TaskJudgeCards judge={judge} n={figures.n} intervals={intervals} />
        <IntervalsNote intervals={state} />
      </div>
      <div className={styles.pair}>
        {confusion ? (
          <div className={styles.matrix}>
            <ConfusionMatrix caption="Turns by answer" labels={confusion.labels} matrix={confusion.matrix} rowTitle="People" columnTitle="Judge" />
          </div>
        ) : null}
        <FigureTable caption="More figures" rows={secondaryRows(judge)} intervals={intervals} />
      </div>
      {perClass ? <ClassTable caption={judge.type === "multilabel" ? "Per label" : "Per class"} labelTitle={judge.type === "multilabel" ? "Label" : "Class"} rows={perClass} /> : null}
      <TaskHumans humans={figures.humans} />
      {figures.calibration ? (
        <TaskReliability calibration={figures.calibration} />
      ) : criterion.type === "numeric" ? null : (
        <p className="muted">The judge gave no confidence with its answers here, so there is no calibration to show.</p>
      )}
    </div>
  );
}

function Intro({ report, figures, criterion }: { report: TaskReport; figures: TaskFigures; criterion: TaskCriterion }) {
  const judgeName = report.scope.judge ? `${report.scope.judge.name} ${report.scope.judge.version}` : "none";
  return (
    <div className={styles.intro}>
      <p className={styles.labels}>{describeCriterion(criterion)}</p>
      <p className="muted">
        Judge <strong>{judgeName}</strong> · {formatCount(figures.n)} turns · {formatCount(figures.nRatings)} ratings from {formatCount(figures.nRaters)}{" "}
        {figures.nRaters === 1 ? "person" : "people"}. {humanAnswerRule(criterion.type)}
      </p>
    </div>
  );
}

/**
 * "Metrics for this criterion's type": shown when the scope's criterion is declared binary,
 * categorical, multi-label or numeric, with the metrics that fit that kind of answer.
 */
export function TaskSection({ scope }: { scope: Scope }) {
  const query = useTaskReport(scope);
  if (!scope.criterion) return null;
  if (query.isPending) return <p className="muted" aria-live="polite">Looking up the type of criterion “{scope.criterion}”…</p>;
  if (query.isError) {
    return (
      <section className="section" aria-labelledby={TITLE_ID}>
        <h2 id={TITLE_ID}>Metrics for this criterion&apos;s type</h2>
        <Alert tone="error">{query.error.message}</Alert>
      </section>
    );
  }
  const report = query.data;
  if (!report.criterion || !report.figures) return null;
  const isStale = query.isPlaceholderData && query.isFetching;
  return (
    <section className={`section ${isStale ? styles.stale : ""}`} aria-labelledby={TITLE_ID} aria-busy={isStale || undefined}>
      <h2 id={TITLE_ID}>Metrics for this criterion&apos;s type</h2>
      <Intro report={report} figures={report.figures} criterion={report.criterion} />
      {report.figures.n === 0 ? (
        <p>
          No turn in this scope has both a rating on this criterion and an answer from the judge. Pick the judge that labelled these turns,
          or widen the scope.
        </p>
      ) : (
        <Figures figures={report.figures} criterion={report.criterion} intervals={report.intervals} />
      )}
    </section>
  );
}
