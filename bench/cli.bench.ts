// `npm run bench cli`: the command line as whole processes, each beside its Python reference
// in paired runs (alternating which goes first), medians of 5:
//   - `concord agreement --group … --scale 1:5 --judge-cuts …` on 10⁶ rows (1,000 groups), CSV
//     and JSONL, against scripts/reference/agreement_cli_reference.py (pandas + scipy).
//     Target: ≤ 0.5× the Python wall time, peak RSS ≤ 300 MiB. Both must print the same figures.
//   - `concord score` on 100,000 turns against scripts/reference/seed_judge.py (the seed's
//     judge). Target: ≤ 0.2× the Python wall time, and the same output line for line.
// Without /usr/bin/python3 with pandas and scipy it says so and times Concord alone.
// Before the one-pass CSV rows, byte-interned groups, one judge ranking for all groups and the
// radix-sorted ranks (2026-11-26, this bench, loaded 2-core machine): the agreement command at
// 0.54× the Python script's wall time on the CSV and 0.27× on the JSONL (loads differ between
// days; the previous build run beside this one on 2026-11-27: CSV 1.36–1.67 s against 0.93–1.08 s,
// JSONL 2.18–2.35 s against 1.76–1.93 s, outputs identical).
// CLI_BENCH_ROWS and CLI_BENCH_TURNS change the sizes (for a quick look); CLI_BENCH_ONLY=score
// or CLI_BENCH_ONLY=agreement runs one part. With /usr/bin/time, each process's CPU time
// (user + system) is printed too: on a loaded machine it is steadier than the wall time.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { JUDGE_CUTS, writeAgreementData } from "./cli-data.ts";
import { turnSource } from "./judge-turns.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PYTHON = "/usr/bin/python3";
const RUNS = 5;
const ROWS = Number(process.env.CLI_BENCH_ROWS ?? 1_000_000);
const TURNS = Number(process.env.CLI_BENCH_TURNS ?? 100_000);
const ONLY = process.env.CLI_BENCH_ONLY;
const dir = mkdtempSync(path.join(tmpdir(), "concord-cli-bench-"));

type Run = { seconds: number; rssMiB: number | null; cpuSeconds: number | null; stdout: string };

const hasTime = existsSync("/usr/bin/time");
/** One whole process: wall time, and peak RSS through GNU time when it is there. */
function run(command: string, args: string[], stdinFile?: string): Run {
  const timeFile = path.join(dir, "time.txt");
  const [file, argv] = hasTime ? ["/usr/bin/time", ["-f", "%M %U %S", "-o", timeFile, command, ...args]] : [command, args];
  const start = performance.now();
  const result = spawnSync(file, argv, {
    cwd: ROOT,
    input: stdinFile ? readFileSync(stdinFile) : undefined,
    maxBuffer: 1 << 30,
    encoding: "utf8",
  });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${result.status}: ${result.stderr.slice(0, 500)}`);
  const [rssKiB, user, system] = hasTime ? readFileSync(timeFile, "utf8").trim().split("\n").pop()!.split(" ").map(Number) : [];
  return { seconds, rssMiB: hasTime ? rssKiB / 1024 : null, cpuSeconds: hasTime ? user + system : null, stdout: result.stdout };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function pythonWith(modules: string[]): boolean {
  if (!existsSync(PYTHON)) return false;
  return spawnSync(PYTHON, ["-c", modules.map((m) => `import ${m}`).join("; ")]).status === 0;
}

/** Paired runs, alternating which goes first so neither always meets a warmer machine. */
function paired(concord: () => Run, reference: (() => Run) | null) {
  const ours: Run[] = [];
  const theirs: Run[] = [];
  for (let r = 0; r < RUNS; r++) {
    if (reference && r % 2 === 1) theirs.push(reference());
    ours.push(concord());
    if (reference && r % 2 === 0) theirs.push(reference());
  }
  return { ours, theirs };
}

function verdict(isMet: boolean): string {
  return isMet ? "BELOW TARGET" : "ABOVE TARGET";
}

function report(name: string, ours: Run[], theirs: Run[], ratioTarget: number, rssTarget: number | null) {
  const time = median(ours.map((r) => r.seconds));
  const rss = ours[0].rssMiB === null ? null : median(ours.map((r) => r.rssMiB!));
  console.log(`${name}`);
  console.log(`  concord     ${time.toFixed(2)} s median of ${ours.map((r) => r.seconds.toFixed(2)).join(", ")}${rss === null ? "" : `; peak RSS ${rss.toFixed(0)} MiB`}`);
  if (theirs.length > 0) {
    const reference = median(theirs.map((r) => r.seconds));
    const referenceRss = theirs[0].rssMiB === null ? null : median(theirs.map((r) => r.rssMiB!));
    const ratios = ours.map((r, i) => r.seconds / theirs[i].seconds);
    const ratio = median(ratios);
    console.log(`  reference   ${reference.toFixed(2)} s median of ${theirs.map((r) => r.seconds.toFixed(2)).join(", ")}${referenceRss === null ? "" : `; peak RSS ${referenceRss.toFixed(0)} MiB`}`);
    console.log(`  ratio       ${ratio.toFixed(2)}× the reference (median of paired ratios ${ratios.map((q) => q.toFixed(2)).join(", ")}); target ≤ ${ratioTarget}×: ${verdict(ratio <= ratioTarget)}`);
    if (ours[0].cpuSeconds !== null && theirs[0].cpuSeconds !== null) {
      const cpuRatios = ours.map((r, i) => r.cpuSeconds! / theirs[i].cpuSeconds!);
      const cpuRatio = median(cpuRatios);
      console.log(`  CPU time    concord ${median(ours.map((r) => r.cpuSeconds!)).toFixed(2)} s, reference ${median(theirs.map((r) => r.cpuSeconds!)).toFixed(2)} s: ${cpuRatio.toFixed(2)}× (median of paired ratios); target ≤ ${ratioTarget}×: ${verdict(cpuRatio <= ratioTarget)}`);
    }
  } else console.log(`  reference   not run; target ≤ ${ratioTarget}× the reference: not measured`);
  if (rssTarget !== null && rss !== null) console.log(`  peak RSS    ${rss.toFixed(0)} MiB; target ≤ ${rssTarget} MiB: ${verdict(rss <= rssTarget)}`);
}

/** The figures both print, equal to 1e-9 (scipy's Pearson sums in another order). */
function checkSameFigures(concord: string, python: string): void {
  const a = JSON.parse(concord);
  const b = JSON.parse(python);
  const pairs: [string, unknown, unknown][] = [["n", a.n, b.n]];
  for (const section of ["dataset_level", "group_level"]) {
    for (const key of ["pearson", "spearman", "kendall_tau_b"]) pairs.push([`${section}.${key}`, a[section][key], b[section][key]]);
  }
  for (const key of ["unweighted", "linear", "quadratic", "exact_agreement"]) pairs.push([`kappa.${key}`, a.kappa[key], b.kappa[key]]);
  pairs.push(["kappa.confusion_matrix", JSON.stringify(a.kappa.confusion_matrix), JSON.stringify(b.kappa.confusion_matrix)]);
  const differing = pairs.filter(([, x, y]) => (typeof x === "number" && typeof y === "number" ? Math.abs(x - y) > 1e-9 : x !== y));
  if (differing.length > 0) throw new Error(`Concord and the reference differ: ${differing.map(([k, x, y]) => `${k} ${x} vs ${y}`).join("; ")}`);
}

const hasPandas = pythonWith(["pandas", "scipy"]);
const hasPython = existsSync(PYTHON);
if (!hasPandas) console.log(`${PYTHON} with pandas and scipy is absent: the agreement reference is not run, Concord is timed alone`);
if (!hasPython) console.log(`${PYTHON} is absent: the score reference (the seed's Python judge) is not run`);

// The compiled command line, built now if stale, so that no timed run pays for it.
run(process.execPath, ["scripts/concord.mjs", "--help"]);

try {
  for (const format of ONLY === "score" ? [] : (["csv", "jsonl"] as const)) {
    const file = path.join(dir, `agreement.${format}`);
    await writeAgreementData(file, ROWS, 1000);
    const cuts = JUDGE_CUTS.join(",");
    const concord = () =>
      run(process.execPath, ["scripts/concord.mjs", "agreement", "--input", file, "--human", "human", "--judge", "judge", "--group", "conversation", "--scale", "1:5", "--judge-cuts", cuts]);
    const reference = hasPandas ? () => run(PYTHON, ["scripts/reference/agreement_cli_reference.py", file, "human", "judge", "conversation", "1:5", cuts]) : null;
    const { ours, theirs } = paired(concord, reference);
    if (theirs.length > 0) checkSameFigures(ours[0].stdout, theirs[0].stdout);
    report(`concord agreement --group --scale 1:5 --judge-cuts, ${ROWS.toLocaleString("en")} rows ${format.toUpperCase()} (1,000 groups; before: ${format === "csv" ? "0.54" : "0.27"}×)`, ours, theirs, 0.5, 300);
    rmSync(file);
  }

  if (ONLY !== "agreement") await benchScore();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`node ${process.version}; ${hasTime ? "peak RSS and CPU time by /usr/bin/time" : "no /usr/bin/time: peak RSS and CPU time not measured"}`);

/**
 * `concord score` against the seed's Python judge. Before this session's work it took 0.42×
 * the Python's wall time (2-core machine under load); the target is ≤ 0.2×.
 */
async function benchScore() {
  const turnsFile = path.join(dir, "turns.jsonl");
  const turns = turnSource();
  writeFileSync(turnsFile, Array.from({ length: TURNS }, (_, i) => `${JSON.stringify(turns.next(i))}\n`).join(""));
  const concord = () => run(process.execPath, ["scripts/concord.mjs", "score"], turnsFile);
  const reference = hasPython ? () => run(PYTHON, ["scripts/reference/seed_judge.py"], turnsFile) : null;
  const { ours, theirs } = paired(concord, reference);
  if (theirs.length > 0) {
    // Same metrics line for line; Python prints 0.0 and ", " where JavaScript prints 0 and ",".
    const a = ours[0].stdout.trimEnd().split("\n");
    const b = theirs[0].stdout.trimEnd().split("\n").map((line) => JSON.stringify(JSON.parse(line)));
    const line = a.length !== b.length ? Math.min(a.length, b.length) : a.findIndex((text, i) => text !== b[i]);
    if (line !== -1) throw new Error(`concord score and seed_judge.py differ on output line ${line + 1}`);
  }
  report(`concord score, ${TURNS.toLocaleString("en")} turns (seeded, as bench/judge; 0.42× the reference before this work)`, ours, theirs, 0.2, null);
}
