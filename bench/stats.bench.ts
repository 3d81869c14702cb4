// `npm run bench stats`: times Cohen's κ (all three weightings), Spearman ρ and Kendall τ-b
// (each with its p-value and interval) on n = 10⁴ … 10⁷ seeded pairs: a 4-level human rating
// (many ties) against a continuous judge score. time / (n log₂ n) staying flat shows the
// n log n growth. Target: each under 1 s at n = 10⁶ on one core. The last column times τ-b
// with both sides continuous, the merge sort's worst case (no ascending runs to reuse).
import { cohenKappa, kendallTauB, levelFromCutoffs, spearmanCorrelation } from "../lib/stats/index.ts";
import { normalSource, uniformSource } from "../lib/stats/seeded-random.ts";

const SIZES = [1e4, 1e5, 1e6, 1e7];
const CUTS = [0.5, 0.65, 0.8];

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

const rows: string[][] = [];
for (const n of SIZES) {
  const { human, judge, judgeLevel, latent } = dataset(n);
  const repeats = n <= 1e5 ? 7 : n <= 1e6 ? 3 : 1;
  const nLogN = n * Math.log2(n);
  const kappa = time(repeats, () => cohenKappa(human, judgeLevel, [1, 2, 3, 4]));
  const rho = time(repeats, () => spearmanCorrelation(human, judge));
  const tau = time(repeats, () => kendallTauB(human, judge));
  const tauContinuous = time(repeats, () => kendallTauB(latent, judge));
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
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; node ${process.version}`);
