"use client";

import { CartesianGrid, ReferenceLine, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import type { CalibrationFigures } from "@/lib/agreement/task-figures";
import { ChartFigure } from "@/components/ui/chart-figure";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatCount, formatNumber, formatPercent } from "./format";
import styles from "./report.module.css";
import taskStyles from "./task.module.css";

const TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function BinTable({ calibration, unit }: { calibration: CalibrationFigures; unit: string }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Confidence</th>
          <th scope="col" className={styles.numeric}>{capitalise(unit)}</th>
          <th scope="col" className={styles.numeric}>Mean confidence</th>
          <th scope="col" className={styles.numeric}>Right</th>
        </tr>
      </thead>
      <tbody>
        {calibration.bins.map((bin) => (
          <tr key={bin.lower}>
            <th scope="row" className={styles.rowHeader}>
              {formatNumber(bin.lower, 1)}–{formatNumber(bin.upper, 1)}
            </th>
            <td className={styles.numeric}>{formatCount(bin.count)}</td>
            <td className={styles.numeric}>{formatNumber(bin.meanConfidence)}</td>
            <td className={styles.numeric}>{formatPercent(bin.accuracy)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * How often the judge is right against how sure it says it is, in ten bands of confidence:
 * on the diagonal the judge's confidence can be taken at its word.
 */
export function TaskReliability({ calibration, unit = "turns", rightMeans }: { calibration: CalibrationFigures; unit?: string; rightMeans?: string }) {
  const points = calibration.bins.filter((bin) => bin.count > 0).map((bin) => ({ x: bin.meanConfidence, y: bin.accuracy, count: bin.count }));
  return (
    <div className={taskStyles.group}>
      <h3>Does the judge know when it is right?</h3>
      <StatGrid label="Calibration" maxColumns={3}>
        <StatCard label={`${capitalise(unit)} with a confidence`} value={formatCount(calibration.n)} />
        <StatCard
          label="Expected calibration error"
          value={formatNumber(calibration.ece, 3)}
          detail="the gap between confidence and the share right, averaged over ten bands"
          reading="0 when a judge that says 80 % is right 80 % of the time"
        />
        <StatCard label="Brier score" value={formatNumber(calibration.brier, 3)} detail="mean squared gap between confidence and being right (0 best, 0.25 a coin's)" />
      </StatGrid>
      <ChartFigure
        title="Reliability diagram"
        description={`Each point is a band of confidence: how sure the judge said it was (across) and how often it gave the people's answer (up); bigger points hold more ${unit}. Below the dashed diagonal the judge is overconfident, above it underconfident. ${rightMeans ?? "Right means the same label, or for several labels exactly the same set."}`}
        table={<BinTable calibration={calibration} unit={unit} />}
      >
        <ScatterChart responsive style={{ width: "100%", height: 300 }} margin={{ top: 8, right: 16, bottom: 24, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e3e8" />
          <XAxis
            type="number"
            dataKey="x"
            name="Mean confidence"
            domain={[0, 1]}
            ticks={TICKS}
            tick={{ fontSize: 12 }}
            label={{ value: "Judge's confidence", position: "insideBottom", offset: -14, fontSize: 12 }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name="Share right"
            domain={[0, 1]}
            ticks={TICKS}
            tick={{ fontSize: 12 }}
            width={40}
            tickFormatter={(value: number) => `${Math.round(value * 100)}%`}
          />
          <ZAxis type="number" dataKey="count" name={capitalise(unit)} range={[40, 360]} />
          <ReferenceLine segment={[{ x: 0, y: 0 }, { x: 1, y: 1 }]} stroke="#7c7c88" strokeDasharray="5 4" ifOverflow="hidden" />
          <Tooltip
            cursor={{ strokeDasharray: "3 3" }}
            formatter={(value, name) => (name === "Share right" ? formatPercent(Number(value)) : name === capitalise(unit) ? formatCount(Number(value)) : formatNumber(Number(value)))}
          />
          <Scatter name="Bands" data={points} fill="#3553d6" line={{ stroke: "#3553d6", strokeWidth: 1.5 }} isAnimationActive={false} />
        </ScatterChart>
      </ChartFigure>
    </div>
  );
}
