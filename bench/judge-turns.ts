// The seeded turns of bench/judge.bench.ts and bench/cli.bench.ts: 50–300 words, about one
// in five with Korean sentences, sessions of 3–12 turns sharing a prompt.
import type { ScoreInput } from "../lib/judge/score-input.schema";
import { uniformSource } from "../lib/stats/seeded-random.ts";

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

/**
 * A seeded source of turns (the same turns on every run): `next(index)` gives turn `index`
 * (in order), `words` and `withKorean` count what it generated so far.
 */
export function turnSource(seed = 2025) {
  const random = uniformSource(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const wordCount = (s: string) => s.split(" ").length;
  let prompt = PROMPTS[0];
  let sessionLeft = 0;
  const counts = { words: 0, withKorean: 0 };

  function next(index: number): ScoreInput {
    if (sessionLeft-- <= 0) {
      prompt = pick(PROMPTS);
      sessionLeft = 3 + Math.floor(random() * 10);
    }
    const target = 50 + Math.floor(random() * 251);
    const korean = random() < 0.2;
    if (korean) counts.withKorean++;
    const sentences: string[] = [];
    let words = 0;
    while (words < target) {
      let sentence = korean && random() < 0.35 ? pick(KOREAN) : pick(ENGLISH);
      const missing = target - words;
      if (wordCount(sentence) > missing) sentence = sentence.split(" ").slice(0, missing).join(" ");
      sentences.push(sentence);
      words += wordCount(sentence);
    }
    counts.words += words;
    const [personaId, role] = PERSONAS[index % PERSONAS.length];
    return { response: sentences.join(random() < 0.3 ? "\n" : " "), seed_prompt: prompt, persona_id: personaId, persona_role: role };
  }
  return { next, counts };
}
