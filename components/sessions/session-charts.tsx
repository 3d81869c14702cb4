import { ChartFigure } from "@/components/ui/chart-figure";
import { affectPoints, personaBars, personaOrder, turnLabel, turnScores } from "@/lib/sessions/chart-data";
import { formatScore } from "@/lib/sessions/format";
import type { SessionDetail } from "@/lib/sessions/session-detail";
import { AffectChart } from "./affect-chart";
import type { Cutoffs } from "./chart-parts";
import { ScoreBarChart, type ScoreBarRow } from "./score-bar-chart";
import styles from "./session-charts.module.css";
import detailStyles from "./session-detail.module.css";

type SessionChartsProps = { detail: SessionDetail; cutoffs: Cutoffs; thresholdsVersion: number };

/**
 * The session's three charts, each with its table view. A long session is drawn as runs of
 * consecutive turns (the database's aggregates), so the charts stay a few hundred points.
 */
export function SessionCharts({ detail, cutoffs, thresholdsVersion }: SessionChartsProps) {
  const { chart } = detail;
  const isRuns = chart.bucketSize > 1;
  const points = affectPoints(chart.points);
  const boundaries = chart.depthBoundaries ?? [];
  const personas = personaOrder(detail.summary, chart.points);
  const noScores = detail.judge === null ? "No judge scored this session, so there are no scores to draw." : undefined;
  const cutoffNote = `Dashed lines: the quality cut-offs of thresholds version ${thresholdsVersion}.`;
  const runNote = isRuns ? ` This session has ${detail.summary.total_turns} turns: each point is a run of ${chart.bucketSize} consecutive turns.` : "";

  const bars = personaBars(detail.summary);
  const personaRows: ScoreBarRow[] = bars.map((bar) => ({
    key: bar.personaId,
    personaId: bar.personaId,
    score: bar.averageScore,
    note: `n = ${bar.count}`,
    tooltip: [["Persona", bar.personaId], ["Average overall score", formatScore(bar.averageScore)], ["Turns", String(bar.count)]],
  }));
  const turnRows: ScoreBarRow[] = turnScores(chart.points).map((row) => ({
    key: row.turn,
    personaId: row.personaId,
    score: row.score,
    tooltip: [[isRuns ? "Turns" : "Turn", row.turn], ["Persona", row.personaId], [isRuns ? "Mean overall score" : "Overall score", formatScore(row.score)]],
  }));

  return (
    <section className="section" aria-labelledby="session-charts">
      <h2 id="session-charts">Charts</h2>
      <div className={styles.grid}>
        <ChartFigure
          title="Affect trajectory"
          description={
            isRuns
              ? `Mean affect amplitude after the turns of each run (state_after); the table gives each run's lowest and highest.${runNote}${chart.depthBoundaries ? " Dashed lines mark where a new depth starts." : ""}`
              : "Affect amplitude after each turn (state_after), points by persona; dashed lines mark where a new depth starts."
          }
          empty={points.length === 0 ? "This session's log reports no affect amplitude." : undefined}
          table={
            isRuns ? (
              <DataTable
                caption="Mean affect amplitude by run of turns"
                head={["Turns", "Mean affect amplitude", "Lowest", "Highest"]}
                rows={points.map((point) => [turnLabel({ firstTurn: point.turn, lastTurn: point.lastTurn }), formatScore(point.affect, 3), formatScore(point.affectMin, 3), formatScore(point.affectMax, 3)])}
              />
            ) : (
              <DataTable
                caption="Affect amplitude by turn"
                head={["Turn", "Persona", "Depth", "Affect amplitude"]}
                rows={points.map((point) => [point.turn, point.personaId ?? "—", point.depth ?? "—", formatScore(point.affect, 3)])}
              />
            )
          }
        >
          <AffectChart points={points} boundaries={boundaries} personas={isRuns ? [] : personas} />
        </ChartFigure>
        <ChartFigure
          title="Persona breakdown"
          description={`Average overall score per persona (0–1), with the number of turns on each bar. ${cutoffNote}`}
          empty={noScores}
          table={
            <DataTable
              caption="Average overall score per persona"
              head={["Persona", "Turns", "Average overall score"]}
              rows={bars.map((bar) => [bar.personaId, bar.count, formatScore(bar.averageScore)])}
            />
          }
        >
          <ScoreBarChart rows={personaRows} personas={personas} cutoffs={cutoffs} xLabel="Persona" isEveryTickShown />
        </ChartFigure>
        <ChartFigure
          className={styles.wide}
          title="Overall score per turn"
          description={
            isRuns
              ? `The judge's mean overall score (0–1) over the turns it scored in each run. ${cutoffNote}${runNote}`
              : `The judge's overall score (0–1) of every turn, coloured by persona. ${cutoffNote}`
          }
          empty={noScores}
          table={
            <DataTable
              caption="Overall score per turn"
              head={isRuns ? ["Turns", "Persona", "Mean overall score"] : ["Turn", "Persona", "Overall score"]}
              rows={turnRows.map((row) => [row.key, row.personaId, formatScore(row.score)])}
            />
          }
        >
          <ScoreBarChart rows={turnRows} personas={personas.filter((id) => turnRows.some((row) => row.personaId === id))} cutoffs={cutoffs} xLabel="Turn" />
        </ChartFigure>
      </div>
    </section>
  );
}

function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: Array<Array<string | number>> }) {
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (j === 0 ? <th key={j} scope="row" className={detailStyles.rowHeader}>{cell}</th> : <td key={j}>{cell}</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
