// A JudgeConfig turned into the lookups the formulas need (sets, maps, length filters), built
// once per config object: scoring runs on hot paths (imports, the CLI) with one config.
import type { JudgeConfig, PersonaWeights } from "./config";

export interface CompiledConfig {
  readonly config: JudgeConfig;
  readonly positive: ReadonlySet<string>;
  readonly negative: ReadonlySet<string>;
  /** hasSentimentLength[n]: some sentiment token is n UTF-16 units long (skips most tokens). */
  readonly hasSentimentLength: Uint8Array;
  /** The sentiment tokens by tokenHash, so a token is looked up without slicing it out. */
  readonly sentimentByHash: ReadonlyMap<number, readonly SentimentToken[]>;
  readonly stopwords: ReadonlySet<string>;
  /** Maps, not records: a persona_id or role such as "constructor" must not hit Object.prototype. */
  readonly weights: ReadonlyMap<string, PersonaWeights>;
  readonly roleKeywords: ReadonlyMap<string, readonly string[]>;
  /** The keywords of the last seed prompt seen: a session scores many turns of one prompt. */
  lastPrompt: { prompt: string; keywords: readonly string[] } | undefined;
}

export type SentimentToken = { token: string; isPositive: boolean; isNegative: boolean };

/** A hash of text[start…end) (UTF-16 units), seeded with the length. */
export function tokenHash(text: string, start: number, end: number): number {
  let hash = end - start;
  for (let k = start; k < end; k++) hash = (Math.imul(hash, 31) + text.charCodeAt(k)) | 0;
  return hash;
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
  const sentimentTokens = [...config.positiveTokens, ...config.negativeTokens];
  const hasSentimentLength = new Uint8Array(Math.max(0, ...sentimentTokens.map((t) => t.length)) + 1);
  for (const token of sentimentTokens) hasSentimentLength[token.length] = 1;
  const positive = new Set(config.positiveTokens);
  const negative = new Set(config.negativeTokens);
  const sentimentByHash = new Map<number, SentimentToken[]>();
  for (const token of new Set(sentimentTokens)) {
    const hash = tokenHash(token, 0, token.length);
    const entry = { token, isPositive: positive.has(token), isNegative: negative.has(token) };
    sentimentByHash.set(hash, [...(sentimentByHash.get(hash) ?? []), entry]);
  }
  return {
    config,
    sentimentByHash,
    positive,
    negative,
    hasSentimentLength,
    stopwords: new Set(config.stopwords),
    weights: new Map(Object.entries(config.personaWeights)),
    roleKeywords: new Map(Object.entries(config.roleKeywords)),
    lastPrompt: undefined,
  };
}
