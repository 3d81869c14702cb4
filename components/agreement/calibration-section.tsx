"use client";

import { CartesianGrid, Legend, ReferenceLine, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import type { Scope } from "@/lib/agreement/scope.schema";
import type { CalibrationFigures, ReliabilityBin } from "@/lib/calibrated-judge/calibrate-judge";
import type { CalibrationReport } from "@/lib/calibrated-judge/calibration-report";
import { Alert } from "@/components/ui/alert";
import { ChartFigure } from "@/components/ui/chart-figure";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatCount, formatNumber } from "./format";
import { useCalibrationReport } from "./use-calibration-report";
import styles from "./report.module.css";

const TITLE_ID = "calibration-title";
const RAW_COLOUR = "#b4541a";
const CALIBRATED_COLOUR = "#3553d6";

/** "The calibrated judge is off by 0.41 levels on average where the raw one is off by 0.78." */
export function calibrationSentence(f: CalibrationFigures): string {
  if (f.mae === null || f.maeRaw === null) return "No rated turn in this scope to compare the two on.";
  const change = f.mae < f.maeRaw ? "closer to people than" : f.mae > f.maeRaw ? "further from people than" : "as close to people as";
  return `Calibrated, the judge is off by ${formatNumber(f.mae)} levels on average where the raw judge is off by ${formatNumber(f.maeRaw)}: ${change} before, on turns it was not fitted on.`;
}

const points = (bins: ReliabilityBin[]) => bins.filter((b) => b.count > 0).map((b) => ({ x: b.meanPredicted, y: b.meanHuman, count: b.count }));

function BinTable({ figures }: { figures: CalibrationFigures }) {
  const { raw, calibrated } = figures.reliability;
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Predicted level</th>
          <th scope="col" className={styles.numeric}>Raw: turns</th>
          <th scope="col" className={styles.numeric}>Raw: mean human level</th>
          <th scope="col" className={styles.numeric}>Calibrated: turns</th>
          <th scope="col" className={styles.numeric}>Calibrated: mean human level</th>
        </tr>
      </thead>
      <tbody>
        {raw.map((bin, b) => (
          <tr key={bin.lower}>
            <th scope="row" className={styles.rowHeader}>
              {formatNumber(bin.lower, 1)}–{formatNumber(bin.upper, 1)}
            </th>
            <td className={styles.numeric}>{formatCount(bin.count)}</td>
            <td className={styles.numeric}>{formatNumber(bin.meanHuman)}</td>
            <td className={styles.numeric}>{formatCount(calibrated[b].count)}</td>
            <td className={styles.numeric}>{formatNumber(calibrated[b].meanHuman)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Reliability({ figures }: { figures: CalibrationFigures }) {
  const top = figures.reliability.raw.at(-1)?.upper ?? 4;
  const ticks = Array.from({ length: top }, (_, i) => i + 1);
  return (
    <ChartFigure
      title="Reliability diagram: raw and calibrated"
      description="Rated turns grouped by the level the judge predicts (across, in half levels; the raw score read through the quality cut-offs) against the people's mean level (up). On the dashed diagonal the judge's prediction can be taken at its word; bigger points hold more turns."
      table={<BinTable figures={figures} />}
    >
      <ScatterChart responsive style={{ width: "100%", height: 320 }} margin={{ top: 8, right: 16, bottom: 24, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e3e3e8" />
        <XAxis type="number" dataKey="x" name="Predicted level" domain={[1, top]} ticks={ticks} tick={{ fontSize: 12 }} label={{ value: "Judge's predicted level", position: "insideBottom", offset: -14, fontSize: 12 }} />
        <YAxis type="number" dataKey="y" name="Mean human level" domain={[1, top]} ticks={ticks} tick={{ fontSize: 12 }} width={32} />
        <ZAxis type="number" dataKey="count" name="Turns" range={[40, 360]} />
        <ReferenceLine segment={[{ x: 1, y: 1 }, { x: top, y: top }]} stroke="#7c7c88" strokeDasharray="5 4" ifOverflow="hidden" />
        <Tooltip cursor={{ strokeDasharray: "3 3" }} formatter={(value, name) => (name === "Turns" ? formatCount(Number(value)) : formatNumber(Number(value)))} />
        <Legend verticalAlign="top" height={28} />
        <Scatter name="Raw judge" data={points(figures.reliability.raw)} fill={RAW_COLOUR} shape="diamond" line={{ stroke: RAW_COLOUR, strokeWidth: 1.5 }} isAnimationActive={false} />
        <Scatter name="Calibrated" data={points(figures.reliability.calibrated)} fill={CALIBRATED_COLOUR} line={{ stroke: CALIBRATED_COLOUR, strokeWidth: 1.5 }} isAnimationActive={false} />
      </ScatterChart>
    </ChartFigure>
  );
}

function Figures({ figures: f }: { figures: CalibrationFigures }) {
  return (
    <>
      <p className={styles.lead}>{calibrationSentence(f)}</p>
      <StatGrid label="Calibration figures" maxColumns={4}>
        <StatCard label="Mean error, calibrated" value={formatNumber(f.mae)} detail={`levels, out of fold, over ${formatCount(f.n)} rated turns`} />
        <StatCard label="Mean error, raw" value={formatNumber(f.maeRaw)} detail="levels, the raw score read through the cut-offs" />
        <StatCard label="κ quadratic, calibrated" value={formatNumber(f.kappa)} detail="out of fold" />
        <StatCard label="κ quadratic, raw" value={formatNumber(f.kappaRaw)} detail="the raw judge's levels under the same cut-offs" />
      </StatGrid>
      <Reliability figures={f} />
    </>
  );
}

type Calibrated = NonNullable<CalibrationReport["calibrated"]>;

function describe(c: Calibrated): string {
  return `${c.name} ${c.version} maps ${c.source.name} ${c.source.version}'s score onto the human levels by isotonic regression, fitted on ${c.nRated.toLocaleString("en")} rated turns in ${c.nSessions.toLocaleString("en")} sessions. Each rated turn's value comes from a map fitted on the other sessions (${c.folds} folds); other turns take the mean of the ${c.folds} fold maps (which is what keeps the corrected quality estimate valid); the map shown is the one fitted on all of them.`;
}

/**
 * "Calibrated judge": shown when the scope's judge is a calibrated judge. The raw judge
 * against its calibrated version on the rated turns in scope, out of fold.
 */
export function CalibrationSection({ scope, isCalibrated }: { scope: Scope; isCalibrated: boolean }) {
  const query = useCalibrationReport(scope, isCalibrated);
  if (!isCalibrated) return null;
  if (query.isPending) return <p className="muted" aria-live="polite">Comparing the calibrated judge with the raw one…</p>;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const { calibrated, figures, thresholdVersion } = query.data;
  if (!calibrated) return null;
  const otherCutoffs = thresholdVersion !== null && thresholdVersion !== calibrated.thresholdVersion;
  return (
    <section className="section" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>Calibrated judge</h2>
      <p className="muted">{describe(calibrated)}</p>
      {otherCutoffs ? (
        <Alert tone="warning">
          Its scores were made under the cut-offs of threshold version {calibrated.thresholdVersion}; this report uses version {thresholdVersion}, so its levels
          here are not quite the nearest human levels. Create a new version of it under the current cut-offs to compare like with like.
        </Alert>
      ) : null}
      {figures ? <Figures figures={figures} /> : <p>No rated turn in this scope has a calibrated score yet.</p>}
    </section>
  );
}
