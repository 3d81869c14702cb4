// `npm run bench judge`: scores 100,000 generated turns of 50–300 words (seeded, about one in
// five with Korean sentences, sessions sharing a prompt) and prints the throughput and the peak
// memory. Turns are generated in batches outside the timed part, so the figures are the judge's.
import { scoreTurn } from "../lib/judge/score-turn";
import type { ScoreInput } from "../lib/judge/score-input.schema";
import { uniformSource } from "../lib/stats/seeded-random.ts";

const TOTAL = 100_000;
const BATCH = 1_000;
const TARGET_PER_SECOND = 20_000;

const ENGLISH = [
  "There is fear, doubt and chaos in the current process!",
  "However, this approach may overlook a serious risk.",
  "What about edge cases?",
  "Since insight matters, we improve our potential.",
  "The limitation is clear, and the flaw could make the plan fail.",
  "Success depends on balance, support and resilience.",
  "Hence, let's discover what lies beyond.",
  "Let us plan the next step and implement one action at a time.",
  "Is this a problem or an issue we can block early?",
  "Because the data is noisy, we should be careful.",
  "For example, a small pilot could show real progress.",
  "Emotion and feeling drift across the dialogue; the affect is calm.",
  "We can explore this opportunity and expand the framework with care.",
  "I don't think the team's concern is unfounded.",
  "Thus the synergy between creative people brings harmony.",
  "The threat of error is a real barrier to stability.",
  "Such as the growth of trust between teams.",
  "Therefore we integrate both views and reconcile the tension.",
  "We should question and challenge every assumption.",
  "Nothing here is surprising.",
  "The model's output looked reasonable, but the evaluation set was small and skewed toward easy cases.",
  "In practice, the rollout took three weeks, with two rollbacks after latency spikes in production.",
];
const KOREAN = [
  "탐색과 확장이 필요합니다.",
  "예를 들어 작은 실험으로 시작할 수 있습니다.",
  "그러나 한계와 문제가 분명합니다？",
  "왜냐하면 감정과 분위기가 계속 변하기 때문입니다.",
  "따라서 두 관점을 통합하고 조화를 찾아야 합니다.",
  "계획을 세우고 실행해야 합니다.",
  "하지만 이 접근은 위험을 간과할 수 있습니다.",
  "새로운 제품 기회를 어떻게 탐색할지 논의해 봅시다 🙂",
];
const PROMPTS = [
  "What are the risks of integrating two conflicting strategies?",
  "How should a small team explore a new product opportunity with limited risk?",
  "새로운 제품 기회를 어떻게 탐색하고 위험을 관리할 수 있을까?",
  "Explain machine learning to a beginner.",
  "Design a plan to improve trust and collaboration in a remote team.",
  "Why?",
];
const PERSONAS: [string, string][] = [
  ["thesis", "Seed explorer"],
  ["antithesis", "Critical reflector"],
  ["synthesis", "Integrator"],
  ["planner", "Implementation planner"],
  ["affect", "Affect monitor"],
];

// Seeded, so every run scores the same turns.
const random = uniformSource(2025);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const wordCount = (s: string) => s.split(" ").length;
let prompt = PROMPTS[0];
let sessionLeft = 0;
let generatedWords = 0;
let withKorean = 0;

function nextTurn(index: number): ScoreInput {
  if (sessionLeft-- <= 0) {
    prompt = pick(PROMPTS);
    sessionLeft = 3 + Math.floor(random() * 10);
  }
  const target = 50 + Math.floor(random() * 251);
  const korean = random() < 0.2;
  if (korean) withKorean++;
  const sentences: string[] = [];
  let words = 0;
  while (words < target) {
    let sentence = korean && random() < 0.35 ? pick(KOREAN) : pick(ENGLISH);
    const missing = target - words;
    if (wordCount(sentence) > missing) sentence = sentence.split(" ").slice(0, missing).join(" ");
    sentences.push(sentence);
    words += wordCount(sentence);
  }
  generatedWords += words;
  const [personaId, role] = PERSONAS[index % PERSONAS.length];
  return { response: sentences.join(random() < 0.3 ? "\n" : " "), seed_prompt: prompt, persona_id: personaId, persona_role: role };
}

const startRss = process.memoryUsage().rss;
let peakRss = startRss;
let elapsedNs = 0n;
let checksum = 0;
for (let done = 0; done < TOTAL; done += BATCH) {
  const turns = Array.from({ length: BATCH }, (_, i) => nextTurn(done + i));
  const start = process.hrtime.bigint();
  for (const turn of turns) checksum += scoreTurn(turn).overall_score;
  elapsedNs += process.hrtime.bigint() - start;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

const seconds = Number(elapsedNs) / 1e9;
const perSecond = TOTAL / seconds;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
console.log(`turns scored        ${TOTAL.toLocaleString("en")} (mean ${(generatedWords / TOTAL).toFixed(0)} words, ${((100 * withKorean) / TOTAL).toFixed(0)}% with Korean)`);
console.log(`scoring time        ${seconds.toFixed(2)} s on one thread`);
console.log(`throughput          ${Math.round(perSecond).toLocaleString("en")} responses/s (target ≥ ${TARGET_PER_SECOND.toLocaleString("en")})`);
console.log(`mean per response   ${((seconds / TOTAL) * 1e6).toFixed(1)} µs`);
console.log(`peak RSS            ${mib(peakRss)} MiB sampled, ${mib(process.resourceUsage().maxRSS * 1024)} MiB maxRSS (${mib(startRss)} MiB before scoring)`);
console.log(`checksum            ${checksum.toFixed(2)} (mean overall score ${(checksum / TOTAL).toFixed(4)})`);
