// `npm run bench alt-test`: the alternative annotator test on 10⁴ … 10⁵ seeded items × 5
// raters (every rater rates every item), with accuracy on 4 labels and with neg_rmse on 1–5
// scores, in process; then `concord agreement --alt-test` as a whole process (start-up, file
// parse, figures) on 10⁴ items × 5 raters as CSV and as JSONL. Target: under 1 s in process
// at 10⁴ × 5 (it takes ~15 ms). The CLI's time is almost all start-up (the TypeScript loader)
// and reading the file (readGenericTable); the test itself is a few percent of it.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { altTest, type AltTestAlignment, type AltTestInput } from "../lib/stats/alt-test.ts";
import { uniformSource } from "../lib/stats/seeded-random.ts";
import { time, timeConcord } from "./best-of.ts";

const RATERS = 5;
const ITEM_COUNTS = [1e4, 1e5];
const CLI_ITEMS = 1e4;

/** Each item has a true level 1..5; raters and judge report it, or a random level 30 % of the time. */
function dataset(nItems: number, seed: number): AltTestInput & { judgeOf: number[] } {
  const uniform = uniformSource(seed);
  const level = () => 1 + Math.floor(5 * uniform());
  const noisy = (truth: number, noise: number) => (uniform() < noise ? level() : truth);
  const item: string[] = [];
  const rater: string[] = [];
  const value: number[] = [];
  const judgeOf: number[] = [];
  for (let i = 0; i < nItems; i++) {
    const truth = level();
    for (let r = 0; r < RATERS; r++) {
      item.push(`item-${i}`);
      rater.push(`rater-${r}`);
      value.push(noisy(truth, 0.3));
    }
    judgeOf.push(noisy(truth, 0.25));
  }
  return { item, rater, value, judge: new Map(judgeOf.map((v, i) => [`item-${i}`, v])), judgeOf };
}

console.log(`in process: altTest, ${RATERS} raters per item, ε = 0.15`);
console.log("   items  ratings  alignment   ms  ns/rating");
for (const nItems of ITEM_COUNTS) {
  const data = dataset(nItems, 20_250_701 + nItems);
  for (const alignment of ["accuracy", "neg_rmse"] as AltTestAlignment[]) {
    const ms = time(nItems <= 1e4 ? 7 : 3, () => altTest(data, { alignment, epsilon: 0.15 }));
    const ratings = nItems * RATERS;
    console.log(
      `${nItems.toExponential(0).replace("e+", "e").padStart(8)} ${String(ratings).padStart(8)}  ${alignment.padEnd(9)} ${ms.toFixed(1).padStart(6)} ${((ms * 1e6) / ratings).toFixed(0).padStart(9)}`,
    );
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "concord-bench-alt-test-"));
try {
  const data = dataset(CLI_ITEMS, 7);
  const judgeOf = (k: number) => data.judgeOf[Math.floor(k / RATERS)];
  const csv = ["item,rater,human,judge", ...data.item.map((item, k) => `${item},${data.rater[k]},${data.value[k]},${judgeOf(k)}`)].join("\n");
  const jsonl = data.item.map((item, k) => JSON.stringify({ item, rater: data.rater[k], human: data.value[k], judge: judgeOf(k) })).join("\n");
  console.log(`\nwhole process: concord agreement --alt-test --alignment accuracy on ${CLI_ITEMS} items × ${RATERS} raters`);
  console.log("  format      MB     ms");
  for (const [format, text] of [["csv", csv], ["jsonl", jsonl]] as const) {
    const file = path.join(dir, `ratings.${format}`);
    writeFileSync(file, text);
    const ms = timeConcord(3, ["agreement", "--alt-test", "--input", file, "--item", "item", "--rater", "rater",
      "--human", "human", "--judge", "judge", "--epsilon", "0.15", "--alignment", "accuracy"]);
    console.log(`  ${format.padEnd(6)} ${(statSync(file).size / 1e6).toFixed(1).padStart(6)} ${ms.toFixed(0).padStart(6)}`);
  }
  const startUp = timeConcord(3, ["agreement", "--alt-test", "--help"]);
  console.log(`  (start-up alone, --help: ${startUp.toFixed(0)} ms)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; node ${process.version}`);
