// Plain-language readings of a coefficient. Kept apart from the numbers: the statistics
// never label themselves, the report asks for a band when it shows one.

export type Band = { band: string; text: string; source: string };

const LANDIS_KOCH = "Landis & Koch (1977), Biometrics 33:159-174";
const EVANS = "Evans (1996), Straightforward Statistics for the Behavioral Sciences";
const KRIPPENDORFF = "Krippendorff (2004), Content Analysis, 2nd ed., p. 241";

/**
 * κ (any weighting) on the Landis–Koch scale: < 0 poor, ≤ 0.20 slight, ≤ 0.40 fair,
 * ≤ 0.60 moderate, ≤ 0.80 substantial, above almost perfect. Null for a null κ.
 */
export function kappaBand(kappa: number | null): Band | null {
  if (kappa === null) return null;
  const band =
    kappa < 0 ? "poor"
    : kappa <= 0.2 ? "slight"
    : kappa <= 0.4 ? "fair"
    : kappa <= 0.6 ? "moderate"
    : kappa <= 0.8 ? "substantial"
    : "almost perfect";
  return { band, text: `${band} agreement`, source: LANDIS_KOCH };
}

/**
 * A correlation (r, ρ, τ) by its absolute value on Evans' scale: < 0.20 very weak,
 * < 0.40 weak, < 0.60 moderate, < 0.80 strong, else very strong; plus its direction.
 * τ runs smaller than ρ on the same data (τ ≈ 2/3 ρ), so the same band reads stricter for τ.
 */
export function correlationBand(r: number | null): Band | null {
  if (r === null) return null;
  const size = Math.abs(r);
  const band =
    size < 0.2 ? "very weak"
    : size < 0.4 ? "weak"
    : size < 0.6 ? "moderate"
    : size < 0.8 ? "strong"
    : "very strong";
  const direction = r > 0 ? "positive" : r < 0 ? "negative" : "no";
  return { band, text: r === 0 ? "no correlation" : `${band} ${direction} correlation`, source: EVANS };
}

/**
 * Krippendorff's α against his own thresholds: ≥ 0.800 reliable, ≥ 0.667 enough for
 * tentative conclusions only, below that not reliable.
 */
export function alphaBand(alpha: number | null): Band | null {
  if (alpha === null) return null;
  if (alpha >= 0.8) return { band: "reliable", text: "reliable agreement", source: KRIPPENDORFF };
  if (alpha >= 0.667) return { band: "tentative", text: "agreement good enough for tentative conclusions only", source: KRIPPENDORFF };
  return { band: "unreliable", text: "agreement too low to rely on", source: KRIPPENDORFF };
}
