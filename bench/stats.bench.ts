// `npm run bench stats`: times Cohen's κ (all three weightings), Spearman ρ and Kendall τ-b
// (each with its p-value and interval) on n = 10⁴ … 10⁷ seeded pairs: a 4-level human rating
// (many ties) against a continuous judge score. time / (n log₂ n) staying flat shows the
// n log n growth, and the log–log slope of time against n from 10⁵ to 10⁷ is printed for
// each coefficient (1 is linear, n log n gives about 1.1). The τ cont. column times τ-b with
// both sides continuous, the merge sort's worst case (no ascending runs to reuse).
// Targets: ρ and τ-b at 10⁶ no slower than scipy.stats.spearmanr / kendalltau on the same
// pairs, run beside them here by scripts/reference/correlation_timing.py when /usr/bin/python3
// has scipy; at 10⁷ at most 10× the 10⁶ time. Times are the best of 7 runs up to 10⁵ and of
// 3 at 10⁶ and 10⁷, in wall time and in CPU time of this process (user + system: page faults
// of fresh arrays count), which the load of other processes inflates less; the growth is
// judged on both.
// Before the radix sort on 8-bit digits with cache-sized buckets (2026-11-26, this bench,
// 2-core machine under load): ρ 215 ms and τ-b 263 ms at 10⁶ (scipy 336 and 222 ms beside),
// ρ 12.6× and τ-b 17.0× from 10⁶ to 10⁷.
// Before the balanced first split, the sort of each bucket in a scratch, ρ's compact ranks
// and τ-b's Fenwick count (2026-11-27): this bench gave ρ 78–110 ms and τ-b 82–137 ms at
// 10⁶, growth to 10⁷ ρ 9.9–12.9× and τ-b 9.2–11.5× wall (log–log slopes 1.10 and 1.02).
// Old and new code run alternately in one process on these pairs (CPU ms, median [range] of
// 7, the 2-core machine loaded 12–18 by other work, wall times 3–5× CPU): ρ at 10⁶ 169
// [137–227] → 137 [107–227], at 10⁷ 1231 [1177–1289] → 953 [927–998]; τ-b at 10⁶ 158
// [143–287] → 119 [99–131], at 10⁷ 1190 [1166–1237] → 915 [878–934]; CPU growth 10⁶ → 10⁷
// ρ 7.3× → 6.9×, τ-b 7.5× → 7.7× (both sizes gained alike); results byte-identical.
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

type Timing = { wall: number; cpu: number };

/** Best of `repeats` runs in wall and in CPU milliseconds (the first run of each also warms the JIT). */
function time(repeats: number, task: () => unknown): Timing {
  let wall = Infinity;
  let cpu = Infinity;
  for (let r = 0; r < repeats; r++) {
    globalThis.gc?.();
    const usage = process.cpuUsage();
    const start = performance.now();
    task();
    wall = Math.min(wall, performance.now() - start);
    const used = process.cpuUsage(usage);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  return { wall, cpu };
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
const timings: { n: number; rho: Timing; tau: Timing; tauContinuous: Timing }[] = [];
let reference: (Scipy & { rho: Timing; tau: Timing }) | null = null;
for (const n of SIZES) {
  const { human, judge, judgeLevel, latent } = dataset(n);
  const repeats = n <= 1e5 ? 7 : 3;
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
    kappa.wall.toFixed(1), rho.wall.toFixed(1), rho.cpu.toFixed(0), tau.wall.toFixed(1), tau.cpu.toFixed(0),
    perNLogN(kappa.wall), perNLogN(rho.wall), perNLogN(tau.wall),
    tauContinuous.wall.toFixed(1), perNLogN(tauContinuous.wall),
  ]);
}

const header = ["n", "κ ms", "ρ ms", "ρ CPU", "τ-b ms", "τ-b CPU", "κ ns/nlog₂n", "ρ ns/nlog₂n", "τ ns/nlog₂n", "τ cont. ms", "ns/nlog₂n"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join("  ");
console.log(line(header));
for (const row of rows) console.log(line(row));

/** Least-squares slope of log(time) against log(n) over 10⁵ … 10⁷. */
function slope(key: "rho" | "tau" | "tauContinuous"): number {
  const points = timings.filter((t) => t.n >= 1e5).map((t) => [Math.log(t.n), Math.log(t[key].wall)]);
  const mx = points.reduce((s, [x]) => s + x, 0) / points.length;
  const my = points.reduce((s, [, y]) => s + y, 0) / points.length;
  return points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
}
const verdict = (isMet: boolean) => (isMet ? "BELOW TARGET" : "ABOVE TARGET");
console.log(`log–log slope of time vs n, 10⁵…10⁷: ρ ${slope("rho").toFixed(2)}, τ-b ${slope("tau").toFixed(2)}, τ-b continuous ${slope("tauContinuous").toFixed(2)} (n log n ≈ 1.1)`);
const at = (n: number) => timings.find((t) => t.n === n)!;
const before = { rho: { growth: "9.9–12.9", at1e6: "78–110" }, tau: { growth: "9.2–11.5", at1e6: "82–137" } };
for (const [name, key] of [["ρ", "rho"], ["τ-b", "tau"]] as const) {
  const growth = at(1e7)[key].wall / at(1e6)[key].wall;
  const cpuGrowth = at(1e7)[key].cpu / at(1e6)[key].cpu;
  console.log(`${name} at 10⁷ / at 10⁶: ${growth.toFixed(1)}× wall, ${cpuGrowth.toFixed(1)}× CPU (before: ${before[key].growth}× wall), target ≤ 10×: wall ${verdict(growth <= 10)}, CPU ${verdict(cpuGrowth <= 10)}`);
}
if (reference) {
  console.log(`scipy ${reference.scipy} on the same 10⁶ pairs, run beside: spearmanr ${reference.spearman_ms.toFixed(1)} ms, kendalltau ${reference.kendall_ms.toFixed(1)} ms`);
  console.log(`ρ at 10⁶: ${reference.rho.wall.toFixed(1)} ms (before: ${before.rho.at1e6}), target ≤ scipy's ${reference.spearman_ms.toFixed(1)} ms: ${verdict(reference.rho.wall <= reference.spearman_ms)}`);
  console.log(`τ-b at 10⁶: ${reference.tau.wall.toFixed(1)} ms (before: ${before.tau.at1e6}), target ≤ scipy's ${reference.kendall_ms.toFixed(1)} ms: ${verdict(reference.tau.wall <= reference.kendall_ms)}`);
} else console.log(`${PYTHON} with scipy is absent: the 10⁶ target (≤ scipy's time) is not measured`);
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; node ${process.version}`);
