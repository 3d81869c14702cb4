// `npm run bench stats`: times Cohen's κ (all three weightings), Spearman ρ and Kendall τ-b
// (each with its p-value and interval) on n = 10⁴ … 10⁷ seeded pairs: a 4-level human rating
// (many ties) against a continuous judge score. time / (n log₂ n) staying flat shows the
// n log n growth, and the log–log slope of time against n from 10⁵ to 10⁷ is printed for
// each coefficient (1 is linear, n log n gives about 1.1). The τ cont. column times τ-b with
// both sides continuous, the merge sort's worst case (no ascending runs to reuse).
// Targets: ρ and τ-b at 10⁶ no slower than scipy.stats.spearmanr / kendalltau on the same
// pairs, run beside them here by scripts/reference/correlation_timing.py when /usr/bin/python3
// has scipy; at 10⁷ at most 10× the 10⁶ time.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cohenKappa, kendallTauB, levelFromCutoffs, spearmanCorrelation } from "../lib/stats/index.ts";
import { normalSource, uniformSource } from "../lib/stats/seeded-random.ts";

const SIZES = [1e4, 1e5, 1e6, 1e7];
const CUTS = [0.5, 0.65, 0.8];
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PYTHON = "/usr/bin/python3";
const hasScipy = existsSync(PYTHON) && spawnSync(PYTHON, ["-c", "import scipy, numpy"]).status === 0;

function dataset(n: number) {
  const normal = normalSource(uniformSource(20_241_122 + n));
  const human = new Int32Array(n);
  const judge = new Float64Array(n);
  const judgeLevel = new Int32Array(n);
  const latent = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const quality = normal();
    human[i] = Math.min(4, Math.max(1, Math.round(2.5 + quality)));
    judge[i] = 1 / (1 + Math.exp(-(0.4 + quality + 0.6 * normal())));
    judgeLevel[i] = levelFromCutoffs(judge[i], CUTS, 1);
    latent[i] = quality;
  }
  return { human, judge, judgeLevel, latent };
}

/** Best of `repeats` runs, in milliseconds (the first run of each also warms the JIT). */
function time(repeats: number, task: () => unknown): number {
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    globalThis.gc?.();
    const start = performance.now();
    task();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

type Scipy = { spearman_ms: number; kendall_ms: number; spearman: number; kendall_tau_b: number; scipy: string };

/** scipy on the same pairs, in its own process, right after Concord's runs. */
function scipyTimes(x: Int32Array, y: Float64Array, repeats: number): Scipy {
  const dir = mkdtempSync(path.join(tmpdir(), "concord-stats-bench-"));
  try {
    writeFileSync(path.join(dir, "x.f64"), Float64Array.from(x));
    writeFileSync(path.join(dir, "y.f64"), y);
    const result = spawnSync(PYTHON, ["scripts/reference/correlation_timing.py", path.join(dir, "x.f64"), path.join(dir, "y.f64"), String(repeats)], { cwd: ROOT, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`correlation_timing.py failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as Scipy;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: string[][] = [];
const timings: { n: number; rho: number; tau: number; tauContinuous: number }[] = [];
let reference: (Scipy & { rho: number; tau: number }) | null = null;
for (const n of SIZES) {
  const { human, judge, judgeLevel, latent } = dataset(n);
  const repeats = n <= 1e5 ? 7 : n <= 1e6 ? 3 : 1;
  const nLogN = n * Math.log2(n);
  const kappa = time(repeats, () => cohenKappa(human, judgeLevel, [1, 2, 3, 4]));
  const rho = time(repeats, () => spearmanCorrelation(human, judge));
  const tau = time(repeats, () => kendallTauB(human, judge));
  const tauContinuous = time(repeats, () => kendallTauB(latent, judge));
  if (n === 1e6 && hasScipy) {
    const scipy = scipyTimes(human, judge, repeats);
    // Sums of 10⁶ terms in another order: equal to about 1e-12, not to the last digit.
    const differences = [scipy.spearman - spearmanCorrelation(human, judge).value!, scipy.kendall_tau_b - kendallTauB(human, judge).value!];
    if (differences.some((d) => Math.abs(d) > 1e-9)) throw new Error(`scipy and lib/stats disagree on the 10⁶ pairs: ${differences}`);
    reference = { ...scipy, rho, tau };
  }
  timings.push({ n, rho, tau, tauContinuous });
  const perNLogN = (ms: number) => ((ms * 1e6) / nLogN).toFixed(2);
  rows.push([
    n.toExponential(0).replace("e+", "e"),
    kappa.toFixed(1), rho.toFixed(1), tau.toFixed(1),
    perNLogN(kappa), perNLogN(rho), perNLogN(tau),
    tauContinuous.toFixed(1), perNLogN(tauContinuous),
  ]);
}

const header = ["n", "κ ms", "ρ ms", "τ-b ms", "κ ns/nlog₂n", "ρ ns/nlog₂n", "τ ns/nlog₂n", "τ cont. ms", "ns/nlog₂n"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join("  ");
console.log(line(header));
for (const row of rows) console.log(line(row));

/** Least-squares slope of log(time) against log(n) over 10⁵ … 10⁷. */
function slope(key: "rho" | "tau" | "tauContinuous"): number {
  const points = timings.filter((t) => t.n >= 1e5).map((t) => [Math.log(t.n), Math.log(t[key])]);
  const mx = points.reduce((s, [x]) => s + x, 0) / points.length;
  const my = points.reduce((s, [, y]) => s + y, 0) / points.length;
  return points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
}
const verdict = (isMet: boolean) => (isMet ? "BELOW TARGET" : "ABOVE TARGET");
console.log(`log–log slope of time vs n, 10⁵…10⁷: ρ ${slope("rho").toFixed(2)}, τ-b ${slope("tau").toFixed(2)}, τ-b continuous ${slope("tauContinuous").toFixed(2)} (n log n ≈ 1.1)`);
const at = (n: number) => timings.find((t) => t.n === n)!;
for (const [name, key] of [["ρ", "rho"], ["τ-b", "tau"]] as const) {
  const growth = at(1e7)[key] / at(1e6)[key];
  console.log(`${name} at 10⁷ / at 10⁶: ${growth.toFixed(1)}× (target ≤ 10×): ${verdict(growth <= 10)}`);
}
if (reference) {
  console.log(`scipy ${reference.scipy} on the same 10⁶ pairs, run beside: spearmanr ${reference.spearman_ms.toFixed(1)} ms, kendalltau ${reference.kendall_ms.toFixed(1)} ms`);
  console.log(`ρ at 10⁶: ${reference.rho.toFixed(1)} ms, target ≤ scipy's ${reference.spearman_ms.toFixed(1)} ms: ${verdict(reference.rho <= reference.spearman_ms)}`);
  console.log(`τ-b at 10⁶: ${reference.tau.toFixed(1)} ms, target ≤ scipy's ${reference.kendall_ms.toFixed(1)} ms: ${verdict(reference.tau <= reference.kendall_ms)}`);
} else console.log(`${PYTHON} with scipy is absent: the 10⁶ target (≤ scipy's time) is not measured`);
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; node ${process.version}`);
