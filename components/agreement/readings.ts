import { alphaBand, correlationBand, kappaBand } from "@/lib/stats";
import { MIN_N_CORRELATION, MIN_N_KAPPA } from "@/lib/agreement/small-samples";

// Plain-language readings of the coefficients (Landis–Koch for κ, Evans for correlations,
// Krippendorff for α) and the small-sample warnings, worded once for every section.

export function kappaReading(value: number | null): string | null {
  const band = kappaBand(value);
  return band ? `${capitalise(band.text)} (Landis & Koch)` : null;
}

export function correlationReading(value: number | null): string | null {
  const band = correlationBand(value);
  return band ? `${capitalise(band.text)} (Evans)` : null;
}

export function alphaReading(value: number | null): string | null {
  const band = alphaBand(value);
  return band ? `${capitalise(band.text)} (Krippendorff)` : null;
}

export function kappaWarning(n: number): string | null {
  return n < MIN_N_KAPPA ? `Only ${n} pair${n === 1 ? "" : "s"}: κ needs ${MIN_N_KAPPA} or more to mean much.` : null;
}

export function correlationWarning(n: number): string | null {
  return n < MIN_N_CORRELATION ? `Only ${n} pair${n === 1 ? "" : "s"}: a correlation needs ${MIN_N_CORRELATION} or more to mean much.` : null;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
