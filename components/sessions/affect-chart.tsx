"use client";

import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { AffectPoint } from "@/lib/sessions/chart-data";
import { formatScore } from "@/lib/sessions/format";
import { AXIS_TICK, CHART_MARGIN, CHART_STYLE, GRID_STROKE, personaDot, TooltipBox } from "./chart-parts";
import { personaColor, personaShape } from "./persona-colors";

type AffectChartProps = {
  points: AffectPoint[];
  boundaries: Array<{ turn: number; depth: number }>;
  personas: string[];
};

const TRAJECTORY = "#9a9aa5";

/**
 * Affect amplitude by turn: one grey line for the trajectory, and each persona's turns as
 * points in its colour and shape (one series per persona, so the legend names them).
 */
export function AffectChart({ points, boundaries, personas }: AffectChartProps) {
  const lastTurn = points.at(-1)?.turn ?? 1;
  const top = points.reduce((most, point) => Math.max(most, point.affect), 1);
  const bottom = points.reduce((least, point) => Math.min(least, point.affect), 0);
  return (
    <LineChart data={points} responsive style={CHART_STYLE} margin={CHART_MARGIN} accessibilityLayer={false}>
      <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
      <XAxis
        dataKey="turn"
        type="number"
        domain={[1, Math.max(2, lastTurn)]}
        allowDecimals={false}
        ticks={lastTurn <= 24 ? Array.from({ length: lastTurn }, (_, i) => i + 1) : undefined}
        tick={AXIS_TICK}
        label={{ value: "Turn", position: "insideBottom", offset: -16, fontSize: 12 }}
      />
      <YAxis
        domain={[bottom, top]}
        tick={AXIS_TICK}
        width={48}
        tickFormatter={(value: number) => formatScore(value, 2)}
        label={{ value: "Affect amplitude (0–1)", angle: -90, position: "insideLeft", offset: 4, fontSize: 12, style: { textAnchor: "middle" } }}
      />
      <Tooltip
        cursor={{ stroke: TRAJECTORY, strokeDasharray: "3 3" }}
        content={({ active, payload }) => {
          const point = payload?.[0]?.payload as AffectPoint | undefined;
          if (!active || !point) return null;
          return (
            <TooltipBox
              heading={point.lastTurn === point.turn ? `Turn ${point.turn}` : `Turns ${point.turn}–${point.lastTurn}`}
              lines={
                point.lastTurn === point.turn
                  ? [
                      ["Persona", point.personaId ?? "—"],
                      ["Affect amplitude", formatScore(point.affect, 3)],
                      ["Depth", point.depth ?? "—"],
                    ]
                  : [
                      ["Mean affect amplitude", formatScore(point.affect, 3)],
                      ["Lowest – highest", `${formatScore(point.affectMin, 3)} – ${formatScore(point.affectMax, 3)}`],
                    ]
              }
            />
          );
        }}
      />
      <Legend verticalAlign="top" height={28} iconSize={10} itemSorter={null} wrapperStyle={{ fontSize: 12 }} />
      {boundaries.map((boundary) => (
        <ReferenceLine
          key={boundary.turn}
          x={boundary.turn - 0.5}
          stroke="#7c7c88"
          strokeDasharray="4 4"
          label={{ value: `depth ${boundary.depth}`, position: "insideTopLeft", fontSize: 11, fill: "#5f6068" }}
        />
      ))}
      <Line dataKey="affect" name="Trajectory" stroke={TRAJECTORY} strokeWidth={2} dot={false} activeDot={false} legendType="plainline" isAnimationActive={false} />
      {personas.map((personaId, i) => (
        <Line
          key={personaId}
          name={personaId}
          dataKey={(point: AffectPoint) => (point.personaId === personaId ? point.affect : null)}
          stroke={personaColor(personaId)}
          strokeWidth={0}
          legendType={personaShape(i)}
          dot={personaDot(personaColor(personaId), personaShape(i), personaId)}
          activeDot={false}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
