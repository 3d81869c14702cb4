// Test helper: irrCAC's figures (fixtures/numeric/cac.json, scripts/reference/gwet_reference.py)
// checked against fleissKappa or gwetAc.
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { Rating } from "./krippendorff-alpha.ts";
import type { AgreementWeights } from "./agreement-weights.ts";
import type { ChanceCorrectedOptions, ChanceCorrectedResult } from "./chance-corrected.ts";
import { expectClose } from "./expect-close.ts";

export type CacRun = {
  name: string;
  data: string;
  method: "fleiss" | "gwet";
  weights: AgreementWeights;
  categories: number[] | null;
  confidence: number;
  value: number | null;
  pa: number | null;
  pe: number | null;
  se: number | null;
  ci: [number, number] | null;
  ci_exact_t?: [number, number];
  p_value: number | null;
  error: string | null;
  weight_matrix?: (number | null)[][];
  n_units?: number;
};

export const cacFixture: { datasets: Record<string, Rating[][]>; runs: CacRun[] } = JSON.parse(
  readFileSync(new URL("./fixtures/numeric/cac.json", import.meta.url), "utf8"),
);

const TOLERANCE = 1e-12;
/** irrCAC's interval takes t from scipy 1.10's t.ppf, good to ~1e-9 (see the reference script). */
const SCIPY_T_TOLERANCE = 1e-8;

export function runOptions(run: CacRun): ChanceCorrectedOptions {
  return { weights: run.weights, categories: run.categories ?? undefined, confidence: run.confidence };
}

export function expectIrrCac(got: ChanceCorrectedResult, run: CacRun): void {
  expectClose(got.value, run.value, TOLERANCE);
  if (run.error !== null) return; // irrCAC raised: nothing else to compare
  expectClose(got.pa, run.pa, TOLERANCE);
  expectClose(got.pe, run.pe, TOLERANCE);
  if (run.value === null) return;
  expect(got.nUnits).toBe(run.n_units);
  // irrCAC divides by 10⁻¹⁵ where the standard error is 0; 1e-12 covers the difference.
  expectClose(got.se, run.se, TOLERANCE);
  expectClose(got.pValue, run.p_value, TOLERANCE);
  if (run.ci === null) return void expect(got.ci).toBeNull();
  expectClose(got.ci?.[0], run.ci_exact_t![0], TOLERANCE);
  expectClose(got.ci?.[1], run.ci_exact_t![1], TOLERANCE);
  expectClose(got.ci?.[0], run.ci[0], SCIPY_T_TOLERANCE);
  expectClose(got.ci?.[1], run.ci[1], SCIPY_T_TOLERANCE);
  got.weights.flat().forEach((w, i) => expectClose(w, run.weight_matrix!.flat()[i], TOLERANCE));
}
