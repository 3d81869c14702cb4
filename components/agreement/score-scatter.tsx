"use client";

import { CartesianGrid, ReferenceLine, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import type { Cutoffs } from "@/lib/agreement/agreement-data";
import type { ScatterSample } from "@/lib/agreement/scatter";
import { formatCount, formatNumber, levelName } from "./format";
import styles from "./report.module.css";

/**
 * A horizontal offset in ±0.18 from the turn id (a hash, so a point stays put between
 * renders): points of the same human level spread instead of stacking on one line.
 */
export function jitter(turnId: number): number {
  let h = Math.imul(turnId ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return ((h >>> 0) / 0xffffffff - 0.5) * 0.36;
}

const CUTOFF_LABELS: [keyof Cutoffs, string][] = [
  ["fair", "Fair"],
  ["good", "Good"],
  ["excellent", "Excellent"],
];

export function ScoreScatter({ sample, cutoffs, levels }: { sample: ScatterSample; cutoffs: Cutoffs; levels: number[] }) {
  const points = sample.points.map((p) => ({ x: p.human + jitter(p.turnId), y: p.score, human: p.human, turnId: p.turnId }));
  const scores = sample.points.map((p) => p.score);
  const low = Math.min(0, ...scores);
  const high = Math.max(1, ...scores);
  const shown = sample.points.length < sample.total ? `${formatCount(sample.points.length)} of ${formatCount(sample.total)} pairs (an evenly spaced sample)` : `all ${formatCount(sample.total)} pairs`;
  return (
    <figure className={styles.figure}>
      <ScatterChart responsive style={{ width: "100%", height: 320 }} margin={{ top: 8, right: 12, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e3e3e8" />
        <XAxis
          type="number"
          dataKey="x"
          name="Human level"
          domain={[0.5, levels.length + 0.5]}
          ticks={levels}
          tickFormatter={(value: number) => levelName(value)}
          tick={{ fontSize: 12 }}
        />
        <YAxis type="number" dataKey="y" name="Judge score" domain={[low, high]} tick={{ fontSize: 12 }} width={44} />
        <Tooltip
          cursor={{ strokeDasharray: "3 3" }}
          formatter={(value, name) => (name === "Human level" ? levelName(Math.round(Number(value))) : formatNumber(Number(value), 3))}
        />
        {CUTOFF_LABELS.map(([key, label]) => (
          <ReferenceLine
            key={key}
            y={cutoffs[key]}
            stroke="#b54708"
            strokeDasharray="5 4"
            ifOverflow="extendDomain"
            label={{
              value: `${label} ≥ ${formatNumber(cutoffs[key])}`,
              position: "insideBottomRight",
              fill: "#b54708",
              fontSize: 11,
              fontWeight: 600,
              // A white halo keeps the label readable over the points.
              stroke: "#ffffff",
              strokeWidth: 3,
              style: { paintOrder: "stroke" },
            }}
          />
        ))}
        <Scatter name="Turns" data={points} fill="#3553d6" fillOpacity={0.35} isAnimationActive={false} />
      </ScatterChart>
      <figcaption>
        Judge score (vertical) against human level (horizontal, spread a little so points do not stack), {shown}. Dashed lines are the
        cut-offs that turn a score into the judge&apos;s level.
      </figcaption>
    </figure>
  );
}
