// `npm run bench bootstrap`: the crossed bootstrap (sessions and raters resampled together)
// with B = 2,000 over 200,000 ratings shaped like a busy project: ~60,000 rated turns in
// 7,000 sessions, 20 raters with their own leniency, 2–5 ratings a turn, 4 levels, 2 % of
// turns adjudicated. Target: under 5 s on one core.
import { crossedBootstrap, type CrossedInput } from "../lib/stats/crossed-bootstrap.ts";
import { normalSource, uniformSource } from "../lib/stats/seeded-random.ts";

const N_SESSIONS = 7000;
const N_RATERS = 20;
const N_RATINGS = 200_000;
const REPLICATES = 2000;

function dataset(): CrossedInput {
  const uniform = uniformSource(20_261_125);
  const normal = normalSource(uniform);
  const level = (x: number) => Math.min(4, Math.max(1, Math.round(2.5 + x)));
  const leniency = Array.from({ length: N_RATERS }, () => 0.3 * normal());
  const cluster: number[] = [];
  const judgeLevel: number[] = [];
  const adjudicated: number[] = [];
  const offsets = [0];
  const raterOf: number[] = [];
  const levelOf: number[] = [];
  for (let u = 0; raterOf.length < N_RATINGS; u++) {
    const quality = normal();
    cluster.push(Math.floor(uniform() * N_SESSIONS));
    judgeLevel.push(level(quality + 0.6 * normal()));
    adjudicated.push(uniform() < 0.02 ? level(quality) : 0);
    const raters = new Set<number>();
    for (let n = 2 + Math.floor(uniform() * 4); raters.size < n; ) raters.add(Math.floor(uniform() * N_RATERS));
    for (const r of raters) {
      raterOf.push(r);
      levelOf.push(level(quality + leniency[r] + 0.5 * normal()));
    }
    offsets.push(raterOf.length);
  }
  return {
    nUnits: cluster.length,
    cluster: Int32Array.from(cluster),
    nClusters: N_SESSIONS,
    judgeLevel: Int32Array.from(judgeLevel),
    adjudicated: Int32Array.from(adjudicated),
    offsets: Int32Array.from(offsets),
    raterOf: Int32Array.from(raterOf),
    levelOf: Int32Array.from(levelOf),
    nRaters: N_RATERS,
    labels: [1, 2, 3, 4],
  };
}

const input = dataset();
globalThis.gc?.();
const start = performance.now();
const result = crossedBootstrap(input, { replicates: REPLICATES })!;
const seconds = (performance.now() - start) / 1000;

const show = (v: number | null) => (v === null ? "—" : v.toFixed(4));
console.log(`${result.nRatings} ratings, ${result.nUnits} turns, ${result.nClusters} sessions, ${result.nRaters} raters; B = ${result.replicates}`);
for (const [name, f] of [["κ quadratic (judge–human)", result.judgeKappa], ["α ordinal (human–human)", result.humanAlpha], ["gap κ − α", result.gap]] as const) {
  const ends = (ci: [number, number] | null) => `[${show(ci?.[0] ?? null)}, ${show(ci?.[1] ?? null)}]`;
  console.log(`${name.padEnd(26)} ${show(f.estimate)} ${ends(f.ci)}  percentile ${ends(f.percentileCi)}  shift ${show(f.shift)}  se ${show(f.standardError)}  defined ${f.nDefined}`);
}
console.log(`wall ${seconds.toFixed(2)} s (target < 5 s); peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; node ${process.version}`);
