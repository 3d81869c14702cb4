import { levelName, type QualityLevel } from "@/lib/thresholds/levels";

/** Coefficients to three decimals; an undefined one (too few pairs, no variance) as a dash. */
export function formatCoefficient(value: number | null): string {
  return value === null ? "—" : value.toFixed(3);
}

export function formatScore(value: number): string {
  return value.toFixed(2);
}

export function formatCount(value: number): string {
  return value.toLocaleString("en");
}

export function formatLevel(level: number): string {
  return levelName(level as QualityLevel);
}
