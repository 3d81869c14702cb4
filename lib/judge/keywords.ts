// Prompt keywords (seed 002 extract_keywords): the most frequent longer words of the prompt.
import { compileConfig, type CompiledConfig } from "./compiled-config";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { pythonLower } from "./python-lower";
import { codePointLength, findWordTokens } from "./python-text";

const KEYWORD_COUNT = 5;
/** The seed keeps words with len(w) > 3, in code points. */
const MIN_KEYWORD_LENGTH = 4;

/**
 * Up to five words of `text` (the seed passes the lower-cased prompt) longer than three code
 * points and not stopwords, by count descending; equal counts keep first-occurrence order, as
 * Python's Counter.most_common does (it sorts stably).
 */
export function extractKeywords(text: string, config: JudgeConfig = DEFAULT_JUDGE_CONFIG): string[] {
  return keywordsOf(text, compileConfig(config).stopwords);
}

function keywordsOf(promptLower: string, stopwords: ReadonlySet<string>): string[] {
  const counts = new Map<string, number>();
  for (const word of findWordTokens(promptLower)) {
    if (codePointLength(word) < MIN_KEYWORD_LENGTH || stopwords.has(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, KEYWORD_COUNT)
    .map(([word]) => word);
}

/** The keywords of the lower-cased `seedPrompt`; the last prompt's are kept (a session repeats it). */
export function promptKeywords(seedPrompt: string, compiled: CompiledConfig): readonly string[] {
  const last = compiled.lastPrompt;
  if (last !== undefined && last.prompt === seedPrompt) return last.keywords;
  const keywords = keywordsOf(pythonLower(seedPrompt), compiled.stopwords);
  compiled.lastPrompt = { prompt: seedPrompt, keywords };
  return keywords;
}
