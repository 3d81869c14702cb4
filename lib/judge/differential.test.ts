// Differential test against the seed's Python (scripts/reference/*.py): hundreds of seeded random
// turns, sessions and strings built to hit the rules that differ between Python and JavaScript
// (Unicode \w, whitespace, lower-casing, code points, rounding ties), compared exactly.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFAULT_JUDGE_CONFIG } from "./config";
import { extractKeywords } from "./keywords";
import { pythonLower } from "./python-lower";
import { pyRound } from "./python-round";
import { codePointLength, countSentences, countSplitWords, findWordTokens } from "./python-text";
import type { ScoreInput } from "./score-input.schema";
import { scoreTurn } from "./score-turn";
import { calculateSessionSummary, type SummaryLogEntry } from "./summary";
import { toJson } from "./to-json";
import { isSpaceCodeUnit, isWordCodePoint } from "./unicode-classes";
import { UNICODE_VERSION } from "./unicode-tables";
import { seededChoices } from "@/lib/stats/seeded-random";

const referenceDir = fileURLToPath(new URL("../../scripts/reference/", import.meta.url));
// The reference must be a Python with the Unicode version the character tables were made from
// (3.11: Unicode 14); another one lower-cases and classifies some characters differently.
const pythonUnicode = spawnSync("python3", ["-c", "import unicodedata; print(unicodedata.unidata_version)"], { encoding: "utf8" });
const hasPython = pythonUnicode.status === 0 && pythonUnicode.stdout.trim() === UNICODE_VERSION;
if (!hasPython) {
  console.warn(
    pythonUnicode.status === 0
      ? `differential.test.ts: skipped, python3 has Unicode ${pythonUnicode.stdout.trim()}, the tables Unicode ${UNICODE_VERSION}`
      : "differential.test.ts: skipped, python3 not found (the comparison with the seed's Python needs it)",
  );
}

/** Runs a reference script on JSON lines and returns its JSON answers, one per input line. */
function python(script: string, args: string[], inputs: readonly unknown[]): unknown[] {
  const result = spawnSync("python3", [`${referenceDir}${script}`, ...args], {
    input: inputs.map((value) => `${JSON.stringify(value)}\n`).join(""),
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr}`);
  return result.stdout.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as unknown);
}

function builtin(op: string, args: unknown[][]): unknown[] {
  return python("python_builtins.py", [], args.map((a) => ({ op, args: a })));
}

type Random = ReturnType<typeof seededChoices>;

const c = DEFAULT_JUDGE_CONFIG;
const LIST_WORDS = [
  ...c.positiveTokens, ...c.negativeTokens, ...c.reasoningKeywords, ...c.exampleKeywords, ...c.stopwords,
  ...Object.values(c.roleKeywords).flat(), ...c.criticalKeywords,
];
const PLAIN_WORDS = [
  "the", "team", "a", "of", "plan", "data", "model", "we", "should", "is", "risks", "concerns", "hopeful",
  "새로운", "제품", "기회를", "관리할", "수", "있을까", "합니다", "그리고", "위험을", "감정과", "변화",
];
const ODD_WORDS = [
  "'tis", "don't", "team's", "'risk'", "''", "rock'n'roll", "HOPE'S", "don’t", "snake_case", "_", "hope_",
  "ΟΔΟΣ", "ΣΑΣ", "Σ", "σ", "ς", "İstanbul", "ıi", "ẞ", "straße", "ǅ", "Ⅻ", "x²", "½", "٣", "ＨＯＰＥ", "ｈｏｐｅ",
  "cafe\u0301", "e\u0345", "\ua7cb\u1c89", "\u{10d50}x", "\u{10400}\u{10428}", "RISK", "Hope", "TRUST.",
  "🙂", "👍🏽", "👨‍👩‍👧", "🇰🇷", "❤️", "hope🙂growth", "\ud800", "\udc00x", "123", "3.14", "e.g.",
];
const SPACES = [
  " ", " ", " ", "  ", "\n", "\t", "\r\n", "\u00a0", "\u2003", "\u3000", "\x1c", "\x1f", "\x85", "\u2028",
  "\u2029", "\u202f", "\u205f", "\u1680", "\ufeff", "\u200b", "\u180e", "\u2060", "\v", "\f",
];
const PUNCTUATION = [".", "!", "?", "？", "...", "?!", ",", ";", " — ", "…", "!!", ". ", "? ", ".\n"];

function randomWord(r: Random): string {
  const roll = r.next();
  const word = roll < 0.45 ? r.pick(LIST_WORDS) : roll < 0.8 ? r.pick(PLAIN_WORDS) : r.pick(ODD_WORDS);
  const caseRoll = r.next();
  if (caseRoll < 0.1) return word.toUpperCase();
  if (caseRoll < 0.25) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

function randomText(r: Random, wordCount: number): string {
  const parts: string[] = [];
  for (let i = 0; i < wordCount; i++) {
    if (i > 0) parts.push(r.next() < 0.12 ? r.pick(PUNCTUATION) + r.pick(SPACES) : r.pick(SPACES));
    parts.push(randomWord(r));
  }
  if (r.next() < 0.5) parts.push(r.pick(PUNCTUATION));
  if (r.next() < 0.1) parts.unshift(r.pick(SPACES));
  return parts.join("");
}

const FIXTURE_PROMPTS = [
  "What are the risks of integrating two conflicting strategies?",
  "How should a small team explore a new product opportunity with limited risk?",
  "새로운 제품 기회를 어떻게 탐색하고 위험을 관리할 수 있을까?",
  "Explain machine learning to a beginner.",
  "Why?",
  "",
];
const PERSONA_IDS = ["thesis", "antithesis", "synthesis", "planner", "affect", "custom", "constructor", "__proto__", ""];
const ROLES = [...Object.keys(c.roleKeywords), "Unknown role", "constructor", "toString", "", "integrator"];

function randomTurn(r: Random): ScoreInput {
  const size = r.next();
  const wordCount = size < 0.08 ? 0 : size < 0.35 ? r.int(1, 50) : size < 0.8 ? r.int(50, 500) : r.int(500, 2000);
  const turn: ScoreInput = {
    response: wordCount === 0 ? r.pick(["", " ", "\n\n", "?", "🙂", "''"]) : randomText(r, wordCount),
    seed_prompt: r.next() < 0.5 ? r.pick(FIXTURE_PROMPTS) : randomText(r, r.int(0, 25)),
    persona_id: r.pick(PERSONA_IDS),
    persona_role: r.pick(ROLES),
  };
  if (r.next() < 0.3) {
    if (r.next() < 0.5) turn.tools_used = Array.from({ length: r.int(0, 12) }, (_, i) => `tool${i}`);
    if (r.next() < 0.5) turn.facts_total = r.int(0, 9);
    if (r.next() < 0.5) turn.facts_verified = r.int(0, 9);
    if (r.next() < 0.5) turn.reproducible = r.next() < 0.5;
    if (r.next() < 0.5) turn.external_references = Array.from({ length: r.int(0, 4) }, (_, i) => `ref${i}`);
  }
  return turn;
}

function randomSession(r: Random): SummaryLogEntry[] {
  const score = () => (r.next() < 0.5 ? r.int(0, 100) / 100 : r.next());
  return Array.from({ length: r.int(0, 30) }, () => {
    const metricsRoll = r.next();
    const resonance =
      metricsRoll < 0.3 ? undefined : metricsRoll < 0.4 ? {} : { impact_score: score(), transparency: score(), reproducibility: score(), verifiability: score() };
    return {
      persona: { id: r.pick(["thesis", "antithesis", "synthesis", "affect", "planner"]) },
      ...(r.next() < 0.05 ? {} : { evaluation_metrics: { overall_score: score(), ...(resonance && { resonance }) } }),
      state_after: { affect_amplitude: r.next() < 0.3 ? r.int(0, 1000) / 1000 : r.next() * 2 - 0.5 },
    };
  });
}

function mismatches<T>(inputs: readonly T[], actual: readonly unknown[], expected: readonly unknown[]) {
  return inputs
    .map((input, i) => ({ i, input, actual: toJson(actual[i]), expected: toJson(expected[i]) }))
    .filter((m) => m.actual !== m.expected)
    .slice(0, 5);
}

describe.skipIf(!hasPython)("the TypeScript judge against the seed's Python", () => {
  it("starts from a reference that reproduces every fixture case", () => {
    const lines = readFileSync(new URL("./fixtures/cases.jsonl", import.meta.url), "utf8").split("\n").filter(Boolean);
    const cases = lines.map((line) => JSON.parse(line) as { input: ScoreInput; expected: unknown });
    const answers = python("seed_judge.py", [], cases.map((x) => x.input));
    expect(answers.map(toJson)).toStrictEqual(cases.map((x) => toJson(x.expected)));
  });

  it("scores 600 random turns exactly as the Python does", () => {
    const r = seededChoices(20251012);
    const turns = Array.from({ length: 600 }, () => randomTurn(r));
    const expected = python("seed_judge.py", [], turns);
    expect(expected).toHaveLength(turns.length);
    expect(mismatches(turns, turns.map((t) => scoreTurn(t)), expected)).toStrictEqual([]);
  }, 60_000);

  it("summarises 200 random sessions exactly as the Python does", () => {
    const r = seededChoices(42);
    const sessions = Array.from({ length: 200 }, () => randomSession(r));
    const expected = python("seed_judge.py", ["--summary"], sessions);
    expect(mismatches(sessions, sessions.map((s) => calculateSessionSummary(s)), expected)).toStrictEqual([]);
  }, 60_000);

  it("rounds 20,000 awkward doubles exactly as Python's round", () => {
    const r = seededChoices(7);
    const cases: [number, number][] = [];
    for (let i = 0; i < 20_000; i++) {
      const n = r.int(0, 4);
      const kind = r.int(0, 4);
      const sign = r.next() < 0.3 ? -1 : 1;
      let x: number;
      if (kind === 0) x = r.int(0, 100_000) / 1000; // decimal literals such as 0.995
      else if (kind === 1) x = (2 * r.int(0, 50_000) + 1) / 2 ** (n + 1); // exact ties
      else if (kind === 2) x = r.next() * 10 ** r.int(-6, 22);
      else if (kind === 3) x = (r.int(0, 2 ** 20) * 2 + 1) / 2 ** (n + 1) + 2 ** r.int(30, 52); // large ties
      else x = (r.int(0, 1000) + 0.5) / 10 ** n; // decimal halves, mostly inexact
      cases.push([sign * x, n]);
    }
    const expected = builtin("round", cases);
    const bad = cases.filter(([x, n], i) => !Object.is(pyRound(x, n), expected[i])).slice(0, 5);
    expect(bad).toStrictEqual([]);
  }, 60_000);

  it("agrees with Python's lower, findall, split, strip, len and keywords on 1,500 odd strings", () => {
    const r = seededChoices(99);
    const texts = Array.from({ length: 1500 }, () => randomText(r, r.int(0, 40)));
    const args = texts.map((t) => [t]);
    const checks: [string, (t: string) => unknown][] = [
      ["lower", pythonLower],
      ["tokens", findWordTokens],
      ["split", countSplitWords],
      ["sentences", countSentences],
      ["len", codePointLength],
      ["keywords", (t) => extractKeywords(t)],
    ];
    for (const [op, fn] of checks) {
      const expected = builtin(op, args);
      expect({ op, bad: mismatches(texts, texts.map(fn), expected) }).toStrictEqual({ op, bad: [] });
    }
  }, 60_000);

  it("has character tables that are the generator's current output", () => {
    const generated = spawnSync("python3", [`${referenceDir}gen_unicode_tables.py`], { encoding: "utf8", maxBuffer: 1 << 24 });
    expect(generated.stdout).toBe(readFileSync(new URL("./unicode-tables.ts", import.meta.url), "utf8"));
  }, 60_000);

  it("classifies every code point as Python's \\w and str.isspace do", () => {
    const [words, spaces] = [builtin("word_bitmap", [[]])[0], builtin("space_bitmap", [[]])[0]] as string[];
    const wrong: string[] = [];
    for (let cp = 0; cp < 0x110000; cp++) {
      if ((words[cp] === "1") !== isWordCodePoint(cp)) wrong.push(`\\w U+${cp.toString(16)}`);
      if (cp <= 0xffff && (spaces[cp] === "1") !== isSpaceCodeUnit(cp)) wrong.push(`space U+${cp.toString(16)}`);
      if (cp > 0xffff && spaces[cp] === "1") wrong.push(`astral space U+${cp.toString(16)}`);
    }
    expect(wrong.slice(0, 10)).toStrictEqual([]);
  }, 60_000);

  it("lower-cases every code point as Python's str.lower does", () => {
    const chars: string[] = [];
    for (let cp = 0; cp < 0x110000; cp++) if (cp < 0xd800 || cp > 0xdfff) chars.push(String.fromCodePoint(cp));
    const text = chars.join("\n");
    const [expected] = builtin("lower", [[text]]) as string[];
    const actual = pythonLower(text);
    if (actual !== expected) {
      const [actualLines, expectedLines] = [actual.split("\n"), expected.split("\n")];
      const wrong = chars.map((ch, i) => [ch, actualLines[i], expectedLines[i]]).filter(([, a, b]) => a !== b);
      expect(wrong.slice(0, 10)).toStrictEqual([]);
    }
    expect(actual).toBe(expected);
  }, 60_000);
});
