import type { Interval } from "@/lib/stats";
import { QUALITY_LEVELS } from "@/lib/thresholds/levels";

// How the report's unrounded figures are shown: rounding, dashes for undefined figures,
// level names. The statistics never format themselves.

const DASH = "—";

export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const text = value.toFixed(digits);
  return text === `-${(0).toFixed(digits)}` ? (0).toFixed(digits) : text.replace("-", "−");
}

export function formatSigned(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return DASH;
  return value > 0 ? `+${formatNumber(value, digits)}` : formatNumber(value, digits);
}

export function formatPercent(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined) return DASH;
  return `${(value * 100).toFixed(digits)} %`;
}

export function formatInterval(ci: Interval | null | undefined, digits = 2): string | null {
  if (!ci) return null;
  return `${formatNumber(ci[0], digits)} to ${formatNumber(ci[1], digits)}`;
}

/** p-values: two significant digits, and "< 0.001" below that. */
export function formatPValue(p: number | null | undefined): string | null {
  if (p === null || p === undefined) return null;
  if (p < 0.001) return "p < 0.001";
  return `p = ${p < 0.01 ? p.toFixed(3) : p.toFixed(2)}`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en");
}

/** Level 1 … 4 by the judge's names (Poor … Excellent); higher levels of other scales by number. */
export function levelName(level: number): string {
  return level >= 1 && level <= QUALITY_LEVELS.length ? QUALITY_LEVELS[level - 1] : `Level ${level}`;
}

export function shortLevelName(level: number): string {
  return level >= 1 && level <= QUALITY_LEVELS.length ? `${level} ${QUALITY_LEVELS[level - 1]}` : String(level);
}

/** "u12" and "a:alice" keys to names, with the key as a fallback. */
export function raterName(key: string, names: Record<string, string>): string {
  return names[key] ?? (key.startsWith("a:") ? key.slice(2) : key);
}

/** "16 Feb": a chart tick, where the year is in the tooltip. */
export function formatDayShort(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", { day: "2-digit", month: "short", timeZone: "UTC" });
}

export function formatDay(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });
}
