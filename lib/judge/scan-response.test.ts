// The one-pass scan against the straightforward definitions it replaces (python-text.ts,
// pythonLower per token, String.includes), on seeded random text full of the characters where
// Python and JavaScript differ; and the keyword filter against a plain search.
import { describe, expect, it } from "vitest";
import { compileConfig } from "./compiled-config";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { pythonLower } from "./python-lower";
import { codePointLength, countCodeUnit, countSentences, countSplitWords, findWordTokens } from "./python-text";
import { containsKeyword, countContained, scanResponse } from "./scan-response";

/** mulberry32, as in differential.test.ts. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick };
}
type Random = ReturnType<typeof randomSource>;

const c = DEFAULT_JUDGE_CONFIG;
const KEYWORDS = [
  ...c.reasoningKeywords, ...c.exampleKeywords, ...Object.values(c.roleKeywords).flat(), ...c.criticalKeywords,
];
const WORDS = [
  ...c.positiveTokens, ...c.negativeTokens, ...KEYWORDS, "the", "team", "a", "risky", "hopeful", "새로운", "위험을",
  "'tis", "don't", "'risk'", "''", "HOPE'S", "don’t", "snake_case", "_", "ΟΔΟΣ", "ΣΑΣ", "Σ", "σ", "ς", "İstanbul",
  "ıi", "ẞ", "straße", "ǅ", "Ⅻ", "x²", "½", "٣", "ＨＯＰＥ", "ｈｏｐｅ", "cafe\u0301", "e\u0345", "\ua7cb\u1c89",
  "\u{10d50}x", "\u{10400}\u{10428}", "RISK", "Hope", "🙂", "👍🏽", "hope🙂growth", "\ud800", "\udc00x", "x\ud800",
  "3.14", "e.g.", "？", "?!", "...",
];
const SEPARATORS = [" ", " ", "  ", "\n", "\t", "\r\n", "\u00a0", "\u3000", "\x1c", "\x85", "\u2028", "\ufeff", ". ", "? ", "!", ",", "'"];

function randomText(r: Random): string {
  const parts: string[] = [];
  for (let i = r.int(0, 60); i > 0; i--) {
    const roll = r.next();
    let word = roll < 0.9 ? r.pick(WORDS) : String.fromCharCode(r.int(0, 0xffff));
    const caseRoll = r.next();
    if (caseRoll < 0.1) word = word.toUpperCase();
    else if (caseRoll < 0.2) word = word.charAt(0).toUpperCase() + word.slice(1);
    parts.push(word, r.next() < 0.15 ? "" : r.pick(SEPARATORS));
  }
  return parts.join("");
}

/** What the scan must count, each by its own straightforward definition. */
function expectedCounts(text: string, config: JudgeConfig) {
  const tokens = findWordTokens(text).map(pythonLower);
  const positive = new Set(config.positiveTokens);
  const negative = new Set(config.negativeTokens);
  return {
    codePoints: codePointLength(text),
    words: countSplitWords(text),
    sentences: countSentences(text),
    tokens: tokens.length,
    positive: tokens.filter((t) => positive.has(t)).length,
    negative: tokens.filter((t) => negative.has(t)).length,
    questions: countCodeUnit(text, "?") + countCodeUnit(text, "\uff1f"),
  };
}

function countsOf(text: string, config: JudgeConfig) {
  const { isPlainLower: _plain, bigramStamp: _stamp, ...counts } = scanResponse(text, compileConfig(config));
  return counts;
}

describe("scanResponse", () => {
  it("counts exactly as the straightforward definitions on 3,000 random texts", () => {
    const r = randomSource(20260127);
    const wrong: unknown[] = [];
    for (let k = 0; k < 3000; k++) {
      const text = randomText(r);
      const actual = countsOf(text, DEFAULT_JUDGE_CONFIG);
      const expected = expectedCounts(text, DEFAULT_JUDGE_CONFIG);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push({ text, actual, expected });
    }
    expect(wrong.slice(0, 3)).toStrictEqual([]);
  });

  it("counts each piece of a small text as Python does (numbers from Python 3.11)", () => {
    expect(countsOf("Hope, RISK'S risk'' 'fear. Why? 탐색 🙂 hope🙂growth？", DEFAULT_JUDGE_CONFIG)).toStrictEqual({
      codePoints: 49,
      words: 8,
      sentences: 3,
      tokens: 8,
      positive: 3,
      negative: 2,
      questions: 2,
    });
  });

  it("says a text is plainly lower-cased only when toLowerCase gives Python's lower()", () => {
    const r = randomSource(5);
    let plain = 0;
    for (let k = 0; k < 3000; k++) {
      const text = randomText(r);
      if (!scanResponse(text, compileConfig(DEFAULT_JUDGE_CONFIG)).isPlainLower) continue;
      plain++;
      expect(text.toLowerCase()).toBe(pythonLower(text));
    }
    expect(plain).toBeGreaterThan(300);
    expect(scanResponse("ΟΔΟΣ", compileConfig(DEFAULT_JUDGE_CONFIG)).isPlainLower).toBe(false);
    expect(scanResponse("\ua7cb", compileConfig(DEFAULT_JUDGE_CONFIG)).isPlainLower).toBe(false);
    expect(scanResponse("🙂", compileConfig(DEFAULT_JUDGE_CONFIG)).isPlainLower).toBe(false);
  });

  it("finds sentiment tokens of any configuration, whatever their script, case or hash", () => {
    // Upper-case and final-sigma tokens can never match a lower-cased token; many tokens force
    // the hash table to probe past collisions.
    const r = randomSource(11);
    const many = Array.from({ length: 400 }, () => Array.from({ length: r.int(1, 6) }, () => r.pick(["a", "b", "'", "σ", "탐"])).join(""));
    const config: JudgeConfig = {
      ...DEFAULT_JUDGE_CONFIG,
      positiveTokens: ["hope", "Hope", "탐색", "don't", "i̇stanbul", "όδος", "οδος", "ς", "x²", "", ...many.slice(0, 200)],
      negativeTokens: ["risk", "hope", "σας", "ǆ", "straße", "\u{10428}", "x\ud800", ...many.slice(200)],
    };
    const wrong: unknown[] = [];
    for (let k = 0; k < 2000; k++) {
      const text = r.next() < 0.5 ? randomText(r) : many.slice(0, r.int(0, 30)).map((t) => (r.next() < 0.2 ? t.toUpperCase() : t)).join(r.pick(SEPARATORS));
      const actual = countsOf(text, config);
      const expected = expectedCounts(text, config);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push({ text, actual, expected });
    }
    expect(wrong.slice(0, 3)).toStrictEqual([]);
    // Python: hope (both lists), i̇stanbul, οδος (final ς), σας, straße, 𐐨.
    expect(countsOf("HOPE İstanbul ΟΔΟΣ Σας straẞe 𐐀", config)).toMatchObject({ tokens: 6, positive: 3, negative: 4 });
  });
});

describe("containsKeyword", () => {
  it("answers as String.includes on the lower-cased text for 3,000 random texts and many keywords", () => {
    const r = randomSource(77);
    const compiled = compileConfig(DEFAULT_JUDGE_CONFIG);
    const wrong: unknown[] = [];
    let ruledOut = 0;
    for (let k = 0; k < 3000; k++) {
      const text = randomText(r);
      const lower = pythonLower(text);
      const scan = scanResponse(text, compiled);
      // The config's keywords, pieces of the text itself (present by construction) and near misses.
      const start = r.int(0, lower.length);
      const piece = lower.slice(start, start + r.int(0, 12));
      const keywords = [...KEYWORDS, piece, `${piece}q`, "", "x", "  ", "'s", "risk ", " ha"];
      for (const keyword of keywords) {
        const expected = lower.includes(keyword);
        if (containsKeyword(lower, keyword, scan) !== expected) wrong.push({ text, keyword, expected });
        if (!expected && keyword.length > 1 && scan.bigramStamp !== 0) ruledOut++;
      }
      expect(countContained(lower, keywords, scan)).toBe(keywords.filter((kw) => lower.includes(kw)).length);
    }
    expect(wrong.slice(0, 3)).toStrictEqual([]);
    expect(ruledOut).toBeGreaterThan(10_000);
  });

  it("searches in full once a later scan has replaced the pairs it would read", () => {
    const compiled = compileConfig(DEFAULT_JUDGE_CONFIG);
    const first = scanResponse("because of the risk", compiled);
    scanResponse("nothing alike", compiled);
    expect(containsKeyword("because of the risk", "risk", first)).toBe(true);
    expect(containsKeyword("because of the risk", "because", first)).toBe(true);
    expect(containsKeyword("because of the risk", "hence", first)).toBe(false);
  });
});
