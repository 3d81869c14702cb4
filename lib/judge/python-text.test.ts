import { describe, expect, it } from "vitest";
import { pythonLower } from "./python-lower";
import { codePointLength, countCodeUnit, countSentences, countSplitWords, findWordTokens } from "./python-text";

describe("findWordTokens (Python re.findall(r\"\\b[\\w']+\\b\"))", () => {
  it("strips leading and trailing apostrophes but keeps inner ones", () => {
    expect(findWordTokens("'tis the team's 'quoted' ''' x'' don't")).toStrictEqual([
      "tis", "the", "team's", "quoted", "x", "don't",
    ]);
  });

  it("treats Korean syllables as word characters", () => {
    expect(findWordTokens("한국어 토큰화 테스트입니다, 좋아요!")).toStrictEqual(["한국어", "토큰화", "테스트입니다", "좋아요"]);
  });

  it("splits words at emoji, which are not word characters", () => {
    expect(findWordTokens("hope🙂growth 👍🏽 ok")).toStrictEqual(["hope", "growth", "ok"]);
  });

  it("keeps underscores as word characters, alone or inside words", () => {
    expect(findWordTokens("snake_case __init__ _")).toStrictEqual(["snake_case", "__init__", "_"]);
  });

  it("splits at combining marks (Mn is not \\w in Python) but keeps precomposed letters", () => {
    expect(findWordTokens("cafe\u0301 naïve e\u0301t\u00e9")).toStrictEqual(["cafe", "naïve", "e", "té"]);
  });

  it("counts digits and numerics of any script as word characters", () => {
    expect(findWordTokens("x²³ ½ Ⅻ ٣ ０１")).toStrictEqual(["x²³", "½", "Ⅻ", "٣", "０１"]);
  });

  it("finds no token in empty, blank or punctuation-only text", () => {
    expect(findWordTokens("")).toStrictEqual([]);
    expect(findWordTokens(" \n\t ")).toStrictEqual([]);
    expect(findWordTokens("'' — ?! 🙂")).toStrictEqual([]);
  });

  it("does not treat the typographic apostrophe as part of a word", () => {
    expect(findWordTokens("don’t")).toStrictEqual(["don", "t"]);
  });

  it("gives Python's lower-cased tokens once each token is lower-cased on its own", () => {
    const lowered = findWordTokens("HOPE İstanbul ΟΔΟΣ").map(pythonLower);
    expect(lowered).toStrictEqual(["hope", "i\u0307stanbul", "\u03bf\u03b4\u03bf\u03c2"]);
  });
});

describe("codePointLength (Python len)", () => {
  it("counts an emoji and a skin-tone modifier as one code point each", () => {
    expect(codePointLength("👍🏽🙂a")).toBe(4);
  });

  it("counts every code point of a ZWJ family emoji", () => {
    expect(codePointLength("👨‍👩‍👧")).toBe(5);
  });

  it("counts Korean syllables once and a lone surrogate once", () => {
    expect(codePointLength("탐색과 확장")).toBe(6);
    expect(codePointLength("a\ud800b")).toBe(3);
    expect(codePointLength("")).toBe(0);
  });
});

describe("countSplitWords (Python len(str.split()))", () => {
  it("splits on Python whitespace, including NBSP, em space, \\x1c and NEL, but not BOM or ZWSP", () => {
    expect(countSplitWords("a\u00a0b\u2003c\ufeffd\u200be\x1cf\x85g")).toBe(5);
  });

  it("ignores leading, trailing and repeated whitespace", () => {
    expect(countSplitWords("  one \n\n two\t\u3000three  ")).toBe(3);
    expect(countSplitWords("")).toBe(0);
    expect(countSplitWords(" \u2028\u2029 ")).toBe(0);
  });
});

describe("countSentences (re.split(r'[.!?]+') pieces that strip to something)", () => {
  it("counts pieces between runs of . ! ? that hold more than whitespace", () => {
    expect(countSentences("Hi... there?! \u3000 . ok")).toBe(3);
  });

  it("does not split at the full-width question mark", () => {
    expect(countSentences("그러나 한계와 문제가 분명합니다？ 정말")).toBe(1);
  });

  it("counts nothing in empty or punctuation-only text", () => {
    expect(countSentences("")).toBe(0);
    expect(countSentences("?!. ...")).toBe(0);
  });
});

describe("countCodeUnit (Python str.count)", () => {
  it("counts every occurrence, adjacent ones included", () => {
    expect(countCodeUnit("??a?？", "?")).toBe(3);
    expect(countCodeUnit("??a?？", "\uff1f")).toBe(1);
  });
});
