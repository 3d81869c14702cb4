// A JudgeConfig turned into the lookups the formulas need (sets, maps, length filters), built
// once per config object: scoring runs on hot paths (imports, the CLI) with one config.
import type { JudgeConfig, PersonaWeights } from "./config";

export interface CompiledConfig {
  readonly config: JudgeConfig;
  readonly positive: ReadonlySet<string>;
  readonly negative: ReadonlySet<string>;
  /** hasSentimentLength[n]: some sentiment token is n UTF-16 units long (skips most tokens). */
  readonly hasSentimentLength: Uint8Array;
  readonly stopwords: ReadonlySet<string>;
  /** Maps, not records: a persona_id or role such as "constructor" must not hit Object.prototype. */
  readonly weights: ReadonlyMap<string, PersonaWeights>;
  readonly roleKeywords: ReadonlyMap<string, readonly string[]>;
  /** The keywords of the last seed prompt seen: a session scores many turns of one prompt. */
  lastPrompt: { prompt: string; keywords: readonly string[] } | undefined;
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
  return {
    config,
    positive: new Set(config.positiveTokens),
    negative: new Set(config.negativeTokens),
    hasSentimentLength,
    stopwords: new Set(config.stopwords),
    weights: new Map(Object.entries(config.personaWeights)),
    roleKeywords: new Map(Object.entries(config.roleKeywords)),
    lastPrompt: undefined,
  };
}
