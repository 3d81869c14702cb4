// Completeness (seed 002 §3.1 (3)): reasoning, an example, the prompt's keywords, the role's words.
import { compileConfig, type CompiledConfig } from "./compiled-config";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { promptKeywords } from "./keywords";
import { pythonLower } from "./python-lower";
import { pyRound } from "./python-round";
import { countIncluded } from "./python-text";
import { countKeywords, hasKeyword, type ResponseScan } from "./scan-response";
import type { CompletenessMetrics } from "./types";

/** Share of prompt keywords a response must mention to count as addressing the prompt. */
const ADDRESSES_PROMPT_COVERAGE = 0.4;
/** Role keywords needed for full role alignment. */
const FULL_ROLE_MATCHES = 3;
/** The seed's answer for a role it has no keywords for. */
const UNKNOWN_ROLE_ALIGNMENT = 0.5;

export function calculateCompleteness(
  response: string,
  seedPrompt: string,
  personaRole: string,
  config: JudgeConfig = DEFAULT_JUDGE_CONFIG,
): CompletenessMetrics {
  return completenessOf(pythonLower(response), seedPrompt, personaRole, compileConfig(config));
}

/**
 * Keywords are substrings of `responseLower` (pythonLower of the response): "risk" is in "risky".
 * `scan`, the response's scanResponse, has found the configuration's fixed keywords already.
 */
export function completenessOf(
  responseLower: string,
  seedPrompt: string,
  personaRole: string,
  compiled: CompiledConfig,
  scan?: ResponseScan,
): CompletenessMetrics {
  const hasReasoning = hasKeyword(responseLower, compiled.reasoningKeywords, scan);
  const hasExample = hasKeyword(responseLower, compiled.exampleKeywords, scan);
  const keywords = promptKeywords(seedPrompt, compiled);
  // SPEC §3: a prompt without keywords covers nothing (the seed divided by zero).
  const keywordCoverage = keywords.length === 0 ? 0.0 : countIncluded(responseLower, keywords) / keywords.length;
  const roleAlignment = roleAlignmentOf(responseLower, personaRole, compiled, scan);
  const score =
    0.3 * (hasReasoning ? 1.0 : 0.0) +
    0.2 * (hasExample ? 1.0 : 0.0) +
    0.3 * keywordCoverage +
    0.2 * roleAlignment;
  return {
    has_reasoning: hasReasoning,
    has_concrete_example: hasExample,
    addresses_prompt: keywordCoverage >= ADDRESSES_PROMPT_COVERAGE,
    keyword_coverage: pyRound(keywordCoverage, 2),
    role_alignment: pyRound(roleAlignment, 2),
    completeness_score: pyRound(score, 2),
  };
}

/**
 * A third per role keyword found in `responseLower` (already lower-cased, as in the seed),
 * capped at 1; 0.5 for a role without keywords.
 */
export function calculateRoleAlignment(
  responseLower: string,
  personaRole: string,
  config: JudgeConfig = DEFAULT_JUDGE_CONFIG,
): number {
  return roleAlignmentOf(responseLower, personaRole, compileConfig(config));
}

function roleAlignmentOf(responseLower: string, personaRole: string, compiled: CompiledConfig, scan?: ResponseScan): number {
  const keywords = compiled.roleKeywords.get(personaRole);
  if (keywords === undefined || keywords.words.length === 0) return UNKNOWN_ROLE_ALIGNMENT;
  return Math.min(countKeywords(responseLower, keywords, scan) / FULL_ROLE_MATCHES, 1.0);
}
