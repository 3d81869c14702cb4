"use client";

import { Bar, BarChart, CartesianGrid, LabelList, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { formatScore } from "@/lib/sessions/format";
import { AXIS_TICK, CHART_MARGIN, CHART_STYLE, cutoffLines, GRID_STROKE, TooltipBox, type Cutoffs } from "./chart-parts";
import { personaColor } from "./persona-colors";

export type ScoreBarRow = {
  /** The x-axis category: a persona id or a turn number. */
  key: string;
  personaId: string;
  score: number | null;
  /** Shown on top of the bar (e.g. "n = 4"), when given. */
  note?: string;
  tooltip: Array<[string, string]>;
};

type ScoreBarChartProps = {
  rows: ScoreBarRow[];
  personas: string[];
  cutoffs: Cutoffs;
  xLabel: string;
  /** Label every category (few bars), or let Recharts thin the ticks out (many). */
  isEveryTickShown?: boolean;
};

/**
 * Overall scores (0–1) as bars coloured by persona, with the quality cut-offs as dashed
 * lines. Each persona is its own series on a shared stack, so bars keep their full width and
 * the legend names the personas.
 */
export function ScoreBarChart({ rows, personas, cutoffs, xLabel, isEveryTickShown = false }: ScoreBarChartProps) {
  return (
    <BarChart data={rows} responsive style={CHART_STYLE} margin={{ ...CHART_MARGIN, right: 88 }} accessibilityLayer={false}>
      <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="key"
        tick={AXIS_TICK}
        interval={isEveryTickShown ? 0 : "preserveStartEnd"}
        // Every category labelled: slanted, so that long persona ids do not run together on a phone.
        angle={isEveryTickShown ? -20 : 0}
        textAnchor={isEveryTickShown ? "end" : "middle"}
        height={isEveryTickShown ? 44 : 30}
        label={{ value: xLabel, position: "insideBottom", offset: -16, fontSize: 12 }}
      />
      <YAxis
        domain={[0, 1]}
        ticks={[0, 0.2, 0.4, 0.6, 0.8, 1]}
        tick={AXIS_TICK}
        width={48}
        tickFormatter={(value: number) => formatScore(value, 1)}
        label={{ value: "Overall score (0–1)", angle: -90, position: "insideLeft", offset: 4, fontSize: 12, style: { textAnchor: "middle" } }}
      />
      <Tooltip
        cursor={{ fill: "rgb(53 83 214 / 6%)" }}
        content={({ active, payload }) => {
          const row = payload?.[0]?.payload as ScoreBarRow | undefined;
          if (!active || !row) return null;
          return <TooltipBox heading={row.tooltip[0][1]} lines={row.tooltip.slice(1)} />;
        }}
      />
      <Legend verticalAlign="top" height={28} iconSize={10} itemSorter={null} wrapperStyle={{ fontSize: 12 }} />
      {cutoffLines(cutoffs).map((line) => (
        <ReferenceLine
          key={line.label}
          y={line.y}
          stroke="#7c7c88"
          strokeDasharray="4 4"
          label={{ value: line.label, position: "right", fontSize: 11, fill: "#5f6068" }}
        />
      ))}
      {personas.map((personaId) => (
        <Bar
          key={personaId}
          name={personaId}
          stackId="score"
          dataKey={(row: ScoreBarRow) => (row.personaId === personaId ? row.score : null)}
          fill={personaColor(personaId)}
          maxBarSize={56}
          isAnimationActive={false}
        >
          {rows.some((row) => row.note) ? (
            <LabelList
              dataKey={(row: ScoreBarRow) => (row.personaId === personaId ? (row.note ?? "") : "")}
              position="top"
              fontSize={11}
              fill="#1b1b1f"
            />
          ) : null}
        </Bar>
      ))}
    </BarChart>
  );
}
