// The one-pass scan against the straightforward definitions it replaces (python-text.ts,
// pythonLower per token, String.includes), on seeded random text full of the characters where
// Python and JavaScript differ; and the keyword filter against a plain search.
import { describe, expect, it } from "vitest";
import { compileConfig } from "./compiled-config";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { pythonLower } from "./python-lower";
import { codePointLength, countCodeUnit, countSentences, countSplitWords, findWordTokens } from "./python-text";
import { containsKeyword, countKeywords, hasKeyword, scanResponse } from "./scan-response";
import { seededChoices } from "@/lib/stats/seeded-random";

type Random = ReturnType<typeof seededChoices>;

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
  const { isPlainLower: _plain, keywordStamp: _stamp, automaton: _automaton, ...counts } = scanResponse(text, compileConfig(config));
  return counts;
}

describe("scanResponse", () => {
  it("counts exactly as the straightforward definitions on 3,000 random texts", () => {
    const r = seededChoices(20260127);
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
    const r = seededChoices(5);
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
    expect(scanResponse("\u{10d50}", compileConfig(DEFAULT_JUDGE_CONFIG)).isPlainLower).toBe(false);
    expect(scanResponse("\u{10400}x", compileConfig(DEFAULT_JUDGE_CONFIG)).isPlainLower).toBe(false);
    expect(scanResponse("ok 🙂 \u{20000} \ud800", compileConfig(DEFAULT_JUDGE_CONFIG)).isPlainLower).toBe(true);
  });

  it("finds sentiment tokens of any configuration, whatever their script, case or hash", () => {
    // Upper-case and final-sigma tokens can never match a lower-cased token; many tokens force
    // the hash table to probe past collisions.
    const r = seededChoices(11);
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

describe("the keywords found by the scan", () => {
  it("are the keywords String.includes finds in the lower-cased text, for 3,000 random texts and configurations", () => {
    const r = seededChoices(77);
    const wrong: unknown[] = [];
    let answeredByScan = 0;
    for (let k = 0; k < 3000; k++) {
      const text = randomText(r);
      const lower = pythonLower(text);
      // Keywords that overlap ("he", "she", "hers"), repeat, span words, hold apostrophes, other
      // scripts or upper case (never found), the empty keyword, and pieces of the text itself.
      const start = r.int(0, lower.length);
      const piece = lower.slice(start, start + r.int(1, 12));
      const pool = [...KEYWORDS, "he", "she", "hers", "his", "e", "risk ", " ha", "'s", "k'", "Risk", "σ", "ς", "", piece, `${piece}q`];
      const list = () => Array.from({ length: r.int(0, 8) }, () => r.pick(pool));
      const roles = { a: list(), b: list() };
      const config: JudgeConfig = r.next() < 0.3
        ? DEFAULT_JUDGE_CONFIG
        : { ...DEFAULT_JUDGE_CONFIG, reasoningKeywords: list(), exampleKeywords: list(), criticalKeywords: list(), roleKeywords: roles };
      const compiled = compileConfig(config);
      const scan = scanResponse(text, compiled);
      if (scan.keywordStamp !== 0) answeredByScan++;
      const lists = [compiled.reasoningKeywords, compiled.exampleKeywords, compiled.criticalKeywords, ...compiled.roleKeywords.values()];
      for (const keywords of lists) {
        const expected = keywords.words.filter((word) => lower.includes(word)).length;
        const [count, any] = [countKeywords(lower, keywords, scan), hasKeyword(lower, keywords, scan)];
        if (count !== expected || any !== expected > 0) wrong.push({ text, words: keywords.words, expected, count, any });
      }
    }
    expect(wrong.slice(0, 3)).toStrictEqual([]);
    expect(answeredByScan).toBeGreaterThan(300);
  });

  it("are searched for in full once a later scan has overwritten what the scan found", () => {
    const compiled = compileConfig(DEFAULT_JUDGE_CONFIG);
    const list = compiled.criticalKeywords;
    const [risk, however] = [list.words.indexOf("risk"), list.words.indexOf("however")];
    const first = scanResponse("the risk, but", compiled);
    expect(containsKeyword("the risk, but", list, risk, first)).toBe(true);
    scanResponse("however", compiled);
    expect(containsKeyword("the risk, but", list, risk, first)).toBe(true);
    expect(containsKeyword("the risk, but", list, however, first)).toBe(false);
    expect(countKeywords("the risk, but", list, first)).toBe(2);
  });
});
