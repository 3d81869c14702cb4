// `npm run bench judge`: scores 100,000 generated turns of 50–300 words (seeded, about one in
// five with Korean sentences, sessions sharing a prompt) and prints the throughput and the peak
// memory. Turns are generated in batches outside the timed part, so the figures are the judge's.
import { scoreTurn } from "../lib/judge/score-turn";
import { turnSource } from "./judge-turns.ts";

const TOTAL = 100_000;
const BATCH = 1_000;
/** Issue 20: ≥ 50,000 responses/s in process (21,100 before it, on a quiet 2-core machine). */
const TARGET_PER_SECOND = 50_000;

const turns = turnSource();
const startRss = process.memoryUsage().rss;
let peakRss = startRss;
let elapsedNs = 0n;
let checksum = 0;
for (let done = 0; done < TOTAL; done += BATCH) {
  const batch = Array.from({ length: BATCH }, (_, i) => turns.next(done + i));
  const start = process.hrtime.bigint();
  for (const turn of batch) checksum += scoreTurn(turn).overall_score;
  elapsedNs += process.hrtime.bigint() - start;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

const seconds = Number(elapsedNs) / 1e9;
const perSecond = TOTAL / seconds;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
console.log(`turns scored        ${TOTAL.toLocaleString("en")} (mean ${(turns.counts.words / TOTAL).toFixed(0)} words, ${((100 * turns.counts.withKorean) / TOTAL).toFixed(0)}% with Korean)`);
console.log(`scoring time        ${seconds.toFixed(2)} s on one thread`);
const targetMicros = 1e6 / TARGET_PER_SECOND;
const micros = (seconds / TOTAL) * 1e6;
console.log(`throughput          ${Math.round(perSecond).toLocaleString("en")} responses/s (target ≥ ${TARGET_PER_SECOND.toLocaleString("en")})`);
console.log(`mean per response   ${micros.toFixed(1)} µs (target ≤ ${targetMicros.toFixed(1)} µs): ${micros <= targetMicros ? "BELOW TARGET" : "ABOVE TARGET"}`);
console.log(`peak RSS            ${mib(peakRss)} MiB sampled, ${mib(process.resourceUsage().maxRSS * 1024)} MiB maxRSS (${mib(startRss)} MiB before scoring)`);
console.log(`checksum            ${checksum.toFixed(2)} (mean overall score ${(checksum / TOTAL).toFixed(4)})`);
