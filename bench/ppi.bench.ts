// `npm run bench ppi`: the PPI++ mean (power-tuned λ, estimate, interval) plus the human-
// only interval and the judge-only mean, in process on 10⁵ … 10⁷ seeded rows with 1 %
// labeled; then `concord agreement --ppi --pass-level 3` as a whole process (start-up, file
// parse, figures) on 10⁶ rows as CSV and as JSONL. Target: under 1 s in process at 10⁶
// rows. The CLI's time is almost all reading the file (readGenericTable: csv-parse, or
// JSON.parse per line); the figures take ~0.1 s of it.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { classicalMeanCi, judgeOnlyMean, ppiMean } from "../lib/stats/ppi.ts";
import { uniformSource } from "../lib/stats/seeded-random.ts";
import { time, timeConcord } from "./best-of.ts";

const SIZES = [1e5, 1e6, 1e7];
const LABELED_SHARE = 0.01;
const CLI_ROWS = 1e6;

/** Human levels 1..5 and a judge score in [0, 1) sharing one latent quality. */
function dataset(rows: number, seed: number) {
  const uniform = uniformSource(seed);
  const n = Math.round(rows * LABELED_SHARE);
  const y = new Float64Array(n);
  const yHat = new Float64Array(n);
  const yHatUnlabeled = new Float64Array(rows - n);
  for (let i = 0; i < rows; i++) {
    const quality = uniform();
    const judge = 1 + 4 * Math.min(0.9999, Math.max(0, quality + (uniform() - 0.5) * 0.8));
    if (i < n) {
      y[i] = 1 + Math.floor(5 * Math.min(0.99999, Math.max(0, quality + (uniform() - 0.5) * 0.3)));
      yHat[i] = judge;
    } else yHatUnlabeled[i - n] = judge;
  }
  return { y, yHat, yHatUnlabeled };
}

console.log(`in process: PPI++ mean + interval + λ, human-only interval, judge-only mean; ${LABELED_SHARE * 100} % labeled`);
console.log("     rows   ms   ns/row");
for (const rows of SIZES) {
  const { y, yHat, yHatUnlabeled } = dataset(rows, 20_250_101 + rows);
  const ms = time(rows <= 1e6 ? 5 : 2, () => {
    ppiMean(y, yHat, yHatUnlabeled, { alpha: 0.05 });
    classicalMeanCi(y, 0.05);
    judgeOnlyMean(yHat, yHatUnlabeled);
  });
  console.log(`${rows.toExponential(0).replace("e+", "e").padStart(9)} ${ms.toFixed(1).padStart(6)} ${((ms * 1e6) / rows).toFixed(1).padStart(7)}`);
}

const dir = mkdtempSync(path.join(tmpdir(), "concord-bench-ppi-"));
try {
  const { y, yHat, yHatUnlabeled } = dataset(CLI_ROWS, 7);
  const score = (judge: number) => ((judge - 1) / 4).toFixed(4);
  const csv = ["id,human,judge"];
  const jsonl: string[] = [];
  y.forEach((h, i) => {
    csv.push(`${i},${h},${score(yHat[i])}`);
    jsonl.push(`{"id":${i},"human":${h},"judge":${score(yHat[i])}}`);
  });
  yHatUnlabeled.forEach((judge, j) => {
    csv.push(`${y.length + j},,${score(judge)}`);
    jsonl.push(`{"id":${y.length + j},"human":null,"judge":${score(judge)}}`);
  });
  console.log(`CLI whole process (concord agreement --ppi --scale 1:5 --judge-cuts … --pass-level 3), best of 3:`);
  for (const [name, lines] of [["rows.csv", csv], ["rows.jsonl", jsonl]] as const) {
    const file = path.join(dir, name);
    writeFileSync(file, `${lines.join("\n")}\n`);
    const best = timeConcord(3, ["agreement", "--ppi", "--input", file, "--human", "human", "--judge", "judge",
      "--scale", "1:5", "--judge-cuts", "0.2,0.4,0.6,0.8", "--pass-level", "3"]);
    const mib = (statSync(file).size / 2 ** 20).toFixed(0);
    console.log(`  ${CLI_ROWS.toExponential(0).replace("e+", "e")} rows ${name.padEnd(10)} (${mib.padStart(2)} MiB) ${(best / 1000).toFixed(2)} s`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (this process); node ${process.version}`);
