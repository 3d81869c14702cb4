"use client";

import type { ReactNode } from "react";
import { Symbols } from "recharts";
import { formatScore } from "@/lib/sessions/format";
import styles from "./session-charts.module.css";
import type { PersonaShape } from "./persona-colors";

export const AXIS_TICK = { fontSize: 12, fill: "#5f6068" };
export const GRID_STROKE = "#e3e3e8";
export const CHART_STYLE = { width: "100%", height: 280 } as const;
export const CHART_MARGIN = { top: 12, right: 16, bottom: 28, left: 8 };

export type Cutoffs = { fair: number; good: number; excellent: number };

/** The quality cut-offs as horizontal reference lines' settings, lowest first. */
export function cutoffLines(cutoffs: Cutoffs): Array<{ y: number; label: string }> {
  return [
    { y: cutoffs.fair, label: `Fair ${formatScore(cutoffs.fair)}` },
    { y: cutoffs.good, label: `Good ${formatScore(cutoffs.good)}` },
    { y: cutoffs.excellent, label: `Excellent ${formatScore(cutoffs.excellent)}` },
  ];
}

/** A chart point in the persona's colour and shape; nothing where the series has no value. */
export function personaDot(color: string, shape: PersonaShape, personaId: string) {
  function PersonaDot(props: { cx?: number; cy?: number; index?: number }): ReactNode {
    const { cx, cy, index } = props;
    if (typeof cx !== "number" || typeof cy !== "number") return <g key={`none-${index}`} />;
    return (
      <Symbols
        key={`dot-${index}`}
        className="affect-point"
        data-persona={personaId}
        cx={cx}
        cy={cy}
        type={shape}
        size={shape === "circle" ? 64 : 72}
        fill={color}
        stroke="#ffffff"
        strokeWidth={1}
      />
    );
  }
  return PersonaDot;
}

/** The tooltip box: a heading and label–value lines. */
export function TooltipBox({ heading, lines }: { heading: string; lines: Array<[string, ReactNode]> }) {
  return (
    <div className={styles.tooltip}>
      <p className={styles.tooltipHeading}>{heading}</p>
      <dl className={styles.tooltipLines}>
        {lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
