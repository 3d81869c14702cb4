// `npm run bench judge-versions`: the crossed bootstrap behind the report's "Judge versions"
// table — three versions of a judge scored on one frozen set, 2,000 replicates — as one run
// on shared draws (lib/stats/crossed-versions.ts) beside three single-judge runs
// (lib/stats/crossed-bootstrap.ts), at 270 (the demo), 1,000 and 10,000 rated items. The
// figures are why it is a background job rather than part of the request.
import { crossedBootstrap, type CrossedInput } from "../lib/stats/crossed-bootstrap.ts";
import { crossedKappas } from "../lib/stats/crossed-versions.ts";
import { uniformSource } from "../lib/stats/seeded-random.ts";

const VERSIONS = 3;

/** n items in sessions of 9, two or three ratings each by 20 raters, and three judges' levels. */
function data(nUnits: number): { input: CrossedInput; judges: Int32Array[] } {
  const uniform = uniformSource(5);
  const pick = (n: number) => Math.floor(uniform() * n);
  const nClusters = Math.max(1, Math.floor(nUnits / 9));
  const cluster: number[] = [];
  const offsets = [0];
  const raterOf: number[] = [];
  const levelOf: number[] = [];
  for (let u = 0; u < nUnits; u++) {
    cluster.push(u % nClusters);
    for (let r = 0; r < (u % 3 === 0 ? 3 : 2); r++) {
      raterOf.push(pick(20));
      levelOf.push(1 + pick(4));
    }
    offsets.push(raterOf.length);
  }
  const judges = Array.from({ length: VERSIONS }, () => Int32Array.from({ length: nUnits }, () => 1 + pick(4)));
  const input: CrossedInput = {
    nUnits,
    cluster: Int32Array.from(cluster),
    nClusters,
    judgeLevel: judges[0],
    adjudicated: new Int32Array(nUnits),
    offsets: Int32Array.from(offsets),
    raterOf: Int32Array.from(raterOf),
    levelOf: Int32Array.from(levelOf),
    nRaters: 20,
    labels: [1, 2, 3, 4],
  };
  return { input, judges };
}

function time(task: () => unknown): number {
  globalThis.gc?.();
  const start = performance.now();
  task();
  return performance.now() - start;
}

console.log(`${VERSIONS} versions, 2,000 replicates`);
console.log("items    one shared run (ms)   three single runs (ms)");
for (const n of [270, 1000, 10_000]) {
  const { input, judges } = data(n);
  const shared = time(() => crossedKappas(input, judges, { replicates: 2000 }));
  const single = time(() => judges.forEach((levels) => crossedBootstrap({ ...input, judgeLevel: levels }, { replicates: 2000 })));
  console.log(`${String(n).padStart(6)} ${shared.toFixed(0).padStart(20)} ${single.toFixed(0).padStart(24)}`);
}
