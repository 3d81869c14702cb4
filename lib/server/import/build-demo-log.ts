import "server-only";
import { DEFAULT_JUDGE_CONFIG, qualityRating, scoreTurn, type QualityRating } from "@/lib/judge";
import { uniformSource } from "@/lib/stats/seeded-random";
import { BACKENDS, BANKS, DEMO_PROMPTS, PERSONAS, type DemoPrompt } from "./demo-phrases";

// Demo orchestrator logs (seed 002 §6.1): sessions of depth × (thesis, antithesis,
// synthesis) turns, without evaluation_metrics — the import scores them like any log.
// Responses are put together from the phrase banks; each turn aims at a quality level and
// keeps the first draft the heuristic judge places there, so all four levels occur.

export type Random = () => number;
export type Persona = (typeof PERSONAS)[number];

const DAY_MS = 86_400_000;
const LEVELS: readonly QualityRating[] = ["Poor", "Fair", "Good", "Excellent"];
/** Richness of the drafts tried for each level (0 = bare, 1 = every marker the judge rewards). */
const RICHNESS: Record<QualityRating, [number, number]> = { Poor: [0, 0.3], Fair: [0.25, 0.6], Good: [0.5, 0.85], Excellent: [0.8, 1] };

export type DemoLogOptions = { sessions: number; seed: number; now: Date; depth?: number };

/** The log's lines: per session a `{"type":"session"}` line, then its turns. */
export function* buildDemoLog({ sessions, seed, now, depth = 3 }: DemoLogOptions): Generator<Record<string, unknown>> {
  const random = uniformSource(seed);
  for (let s = 0; s < sessions; s++) {
    const sessionId = `demo-${String(s + 1).padStart(3, "0")}`;
    const prompt = DEMO_PROMPTS[Math.floor(random() * DEMO_PROMPTS.length)];
    const backend = BACKENDS[Math.floor(random() * BACKENDS.length)];
    const skill = random() * 0.6 - 0.3; // some sessions go better than others
    const affect = affectTrajectory(random, depth * PERSONAS.length);
    let time = Math.floor(now.getTime() - 2 * 3600_000 - random() * 56 * DAY_MS);
    yield { type: "session", session_id: sessionId, seed_prompt: prompt.text, depth, orchestrator: "concord-demo" };
    for (let d = 1; d <= depth; d++) {
      for (const [p, persona] of PERSONAS.entries()) {
        const index = (d - 1) * PERSONAS.length + p;
        time += Math.floor(25_000 + random() * 115_000);
        yield {
          timestamp: new Date(time).toISOString(),
          depth_index: d,
          step_index: p + 1,
          persona: { id: persona.id, name: persona.name, role: persona.role, backend },
          prompt_digest: persona.digest,
          response: draftResponse(random, persona, prompt, pickLevel(random, skill)),
          phase: { name: persona.id, cycle: d, affect_target: round(affect[index] + 0.05, 3) },
          state_after: { affect_amplitude: affect[index], drift: round(index === 0 ? 0 : affect[index] - affect[index - 1], 3), phase: persona.id },
        };
      }
    }
  }
}

/** A response aimed at `target`: the first of a few drafts the judge rates at that level, else the closest. */
export function draftResponse(random: Random, persona: Persona, prompt: DemoPrompt, target: QualityRating): string {
  const [low, high] = RICHNESS[target];
  const goal = LEVELS.indexOf(target);
  let best = { text: "", distance: Infinity };
  for (let attempt = 0; attempt < 12; attempt++) {
    const text = composeResponse(random, persona, prompt, low + random() * (high - low));
    const score = scoreTurn({ response: text, seed_prompt: prompt.text, persona_id: persona.id, persona_role: persona.role }).overall_score;
    const distance = Math.abs(LEVELS.indexOf(qualityRating(score, DEFAULT_JUDGE_CONFIG.qualityCutoffs)) - goal);
    if (distance === 0) return text;
    if (distance < best.distance) best = { text, distance };
  }
  return best.text;
}

/** One response from the persona's phrase bank; `richness` in [0, 1] sets how much the judge will find. */
export function composeResponse(random: Random, persona: Persona, prompt: DemoPrompt, richness: number): string {
  const bank = BANKS[prompt.language][persona.id];
  const take = (list: readonly string[], count: number) => shuffled(random, list).slice(0, Math.max(0, Math.round(count)));
  const body = [
    ...take(prompt.topics, richness * 2.4),
    ...(random() < richness ? take(bank.reasoning, richness > 0.8 ? 2 : 1) : []),
    ...(random() < richness - 0.15 ? take(bank.example, 1) : []),
    ...take(bank.role, richness * 3.4),
    ...take(bank.tone, richness * 3 * random()),
    ...take(bank.critical, richness * 6),
    ...take(bank.filler, 1 + richness * 6 * random()),
  ];
  const sentences = [pick(random, bank.opening), ...shuffled(random, body)];
  const [a, b, c] = prompt.subjects;
  return sentences
    .map((sentence) => sentence.replaceAll("{a}", a).replaceAll("{b}", b).replaceAll("{c}", c))
    .map((sentence) => sentence.charAt(0).toUpperCase() + sentence.slice(1))
    .join(" ");
}

function pickLevel(random: Random, skill: number): QualityRating {
  const u = Math.min(0.999, Math.max(0, random() + skill * 0.5));
  return u < 0.2 ? "Poor" : u < 0.5 ? "Fair" : u < 0.8 ? "Good" : "Excellent";
}

/** One of five shapes (rising, falling, oscillating, plateau, dip and recovery) with noise. */
function affectTrajectory(random: Random, n: number): number[] {
  const shape = Math.floor(random() * 5);
  const phase = random() * Math.PI;
  return Array.from({ length: n }, (_, t) => {
    const x = t / Math.max(1, n - 1);
    const base = [0.35 + 0.5 * x, 0.8 - 0.45 * x, 0.55 + 0.2 * Math.sin(t * 1.4 + phase), 0.6, 0.65 - 0.3 * Math.sin(Math.PI * x)][shape];
    return round(Math.min(0.98, Math.max(0.05, base + (random() - 0.5) * 0.08)), 3);
  });
}

function shuffled<T>(random: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

function round(x: number, places: number): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}
