// A JudgeConfig turned into the lookups the formulas need (sets, maps, a hash table), built
// once per config object: scoring runs on hot paths (imports, the CLI) with one config.
import type { JudgeConfig, PersonaWeights } from "./config";
import { buildKeywordAutomaton, keywordList, type KeywordAutomaton, type KeywordList } from "./keyword-automaton";

export interface CompiledConfig {
  readonly config: JudgeConfig;
  readonly positive: ReadonlySet<string>;
  readonly negative: ReadonlySet<string>;
  /** The sentiment tokens by the hash the response scan computes as it reads a token. */
  readonly sentiment: SentimentTable;
  readonly stopwords: ReadonlySet<string>;
  /** Maps, not records: a persona_id or role such as "constructor" must not hit Object.prototype. */
  readonly weights: ReadonlyMap<string, PersonaWeights>;
  /** Every fixed keyword list, found in a response by one automaton during its scan. */
  readonly automaton: KeywordAutomaton;
  readonly reasoningKeywords: KeywordList;
  readonly exampleKeywords: KeywordList;
  readonly criticalKeywords: KeywordList;
  readonly roleKeywords: ReadonlyMap<string, KeywordList>;
  /** The keywords of the last seed prompt seen: a session scores many turns of one prompt. */
  lastPrompt: { prompt: string; keywords: readonly string[] } | undefined;
}

/**
 * Open addressing over the distinct sentiment tokens: slots[h & mask] holds 1 + the index of
 * a token whose finished hash is h (linear probing); kinds[i] is 1 positive | 2 negative.
 */
export interface SentimentTable {
  readonly mask: number;
  readonly slots: Int32Array;
  readonly hashes: Int32Array;
  readonly tokens: readonly string[];
  readonly kinds: Uint8Array;
  /** hasLength[n]: some token is n UTF-16 units long (most tokens are skipped on length). */
  readonly hasLength: Uint8Array;
}

export const POSITIVE = 1;
export const NEGATIVE = 2;

/** The running hash of a token: one step per (lower-cased) code unit. */
export function hashStep(hash: number, unit: number): number {
  return (Math.imul(hash, 31) + unit) | 0;
}

/** The running hash of a token of `length` units, mixed so that its low bits pick a slot. */
export function finishHash(hash: number, length: number): number {
  let x = (hash ^ Math.imul(length, 0x9e3779b1)) | 0;
  x ^= x >>> 15;
  x = Math.imul(x, 0x85ebca6b);
  return (x ^ (x >>> 13)) | 0;
}

const cache = new WeakMap<JudgeConfig, CompiledConfig>();

export function compileConfig(config: JudgeConfig): CompiledConfig {
  let compiled = cache.get(config);
  if (compiled === undefined) {
    compiled = build(config);
    cache.set(config, compiled);
  }
  return compiled;
}

function build(config: JudgeConfig): CompiledConfig {
  const positive = new Set(config.positiveTokens);
  const negative = new Set(config.negativeTokens);
  const roles = Object.entries(config.roleKeywords);
  const automaton = buildKeywordAutomaton([
    ...config.reasoningKeywords, ...config.exampleKeywords, ...config.criticalKeywords, ...roles.flatMap(([, words]) => words),
  ]);
  return {
    config,
    positive,
    negative,
    sentiment: sentimentTable(positive, negative),
    stopwords: new Set(config.stopwords),
    weights: new Map(Object.entries(config.personaWeights)),
    automaton,
    reasoningKeywords: keywordList(automaton, config.reasoningKeywords),
    exampleKeywords: keywordList(automaton, config.exampleKeywords),
    criticalKeywords: keywordList(automaton, config.criticalKeywords),
    roleKeywords: new Map(roles.map(([role, words]) => [role, keywordList(automaton, words)])),
    lastPrompt: undefined,
  };
}

function sentimentTable(positive: ReadonlySet<string>, negative: ReadonlySet<string>): SentimentTable {
  const tokens = [...new Set([...positive, ...negative])];
  let size = 16;
  while (size < tokens.length * 4) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size);
  const hashes = new Int32Array(tokens.length);
  const kinds = new Uint8Array(tokens.length);
  const hasLength = new Uint8Array(Math.max(0, ...tokens.map((t) => t.length)) + 1);
  tokens.forEach((token, index) => {
    let hash = 0;
    for (let k = 0; k < token.length; k++) hash = hashStep(hash, token.charCodeAt(k));
    hashes[index] = finishHash(hash, token.length);
    kinds[index] = (positive.has(token) ? POSITIVE : 0) | (negative.has(token) ? NEGATIVE : 0);
    hasLength[token.length] = 1;
    let slot = hashes[index] & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = index + 1;
  });
  return { mask, slots, hashes, tokens, kinds, hasLength };
}
