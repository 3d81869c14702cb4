// `npm run bench labels`: the label metrics of `concord agreement --task …` in process —
// categorical (accuracy, F1s, per-class scores, κ, confusion matrix) on 10⁵ and 10⁶ rows of
// 20 classes, binary and multi-label on 10⁶ rows — then `concord agreement --task
// categorical` as a whole process on 10⁶ rows as CSV and as JSONL. Target: categorical under
// 1 s in process at 10⁶ rows. Each row's labels are fresh strings, as a parsed file gives.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { binaryMetrics } from "../lib/stats/binary-metrics.ts";
import { categoricalMetrics } from "../lib/stats/categorical-metrics.ts";
import { multilabelMetrics } from "../lib/stats/multilabel-metrics.ts";
import { uniformSource } from "../lib/stats/seeded-random.ts";
import { time, timeConcord } from "./best-of.ts";

const CLASSES = 20;
const CLI_ROWS = 1e6;

/** Human classes and a judge agreeing ~60 % of the time, otherwise uniform. */
function dataset(rows: number, seed: number): { human: string[]; judge: string[] } {
  const uniform = uniformSource(seed);
  const human: string[] = new Array(rows);
  const judge: string[] = new Array(rows);
  for (let i = 0; i < rows; i++) {
    const h = Math.floor(uniform() * CLASSES);
    const j = uniform() < 0.6 ? h : Math.floor(uniform() * CLASSES);
    human[i] = `class-${String(h).padStart(2, "0")}`;
    judge[i] = `class-${String(j).padStart(2, "0")}`;
  }
  return { human, judge };
}

const line = (what: string, rows: number, ms: number) =>
  console.log(`${what.padEnd(12)} ${rows.toExponential(0).replace("e+", "e").padStart(5)} ${ms.toFixed(1).padStart(7)} ${((ms * 1e6) / rows).toFixed(1).padStart(7)}`);

console.log(`in process, ${CLASSES} classes, best of 5`);
console.log("task          rows      ms  ns/row");
for (const rows of [1e5, 1e6]) {
  const { human, judge } = dataset(rows, 18 + rows);
  line("categorical", rows, time(5, () => categoricalMetrics(human, judge)));
}
const { human, judge } = dataset(1e6, 1818);
line("binary", 1e6, time(5, () => binaryMetrics(human, judge, "class-00")));
const sets = (labels: string[], shift: number) => labels.map((l, i) => (i % 4 === 0 ? [] : i % 3 === 0 ? [l] : [l, judge[(i + shift) % judge.length]]));
const [humanSets, judgeSets] = [sets(human, 1), sets(judge, 2)];
line("multilabel", 1e6, time(5, () => multilabelMetrics(humanSets, judgeSets)));

const dir = mkdtempSync(path.join(tmpdir(), "concord-bench-labels-"));
try {
  const data = dataset(CLI_ROWS, 7);
  const csv = ["id,human,judge", ...data.human.map((h, i) => `${i},${h},${data.judge[i]}`)];
  const jsonl = data.human.map((h, i) => JSON.stringify({ id: i, human: h, judge: data.judge[i] }));
  console.log("CLI whole process (concord agreement --task categorical), best of 3:");
  for (const [name, lines] of [["rows.csv", csv], ["rows.jsonl", jsonl]] as const) {
    const file = path.join(dir, name);
    writeFileSync(file, `${lines.join("\n")}\n`);
    const best = timeConcord(3, ["agreement", "--task", "categorical", "--input", file, "--human", "human", "--judge", "judge"]);
    const mib = (statSync(file).size / 2 ** 20).toFixed(0);
    console.log(`  ${CLI_ROWS.toExponential(0).replace("e+", "e")} rows ${name.padEnd(10)} (${mib.padStart(2)} MiB) ${(best / 1000).toFixed(2)} s`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (this process); node ${process.version}`);
