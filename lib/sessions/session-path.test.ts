import { describe, expect, it } from "vitest";
import { legacySessionKey, sessionKeyCandidates, sessionPath } from "./session-path";

describe("sessionPath", () => {
  it("puts the session's own id in the path, escaped, with an optional query", () => {
    expect(sessionPath("run-7")).toBe("/sessions/run-7");
    expect(sessionPath("batch 3/group a")).toBe("/sessions/batch%203%2Fgroup%20a");
    expect(sessionPath("sha256:0f3a")).toBe("/sessions/sha256%3A0f3a");
    expect(sessionPath("세션-1", new URLSearchParams("judge=2&page=3"))).toBe("/sessions/%EC%84%B8%EC%85%98-1?judge=2&page=3");
    expect(sessionPath("x", "")).toBe("/sessions/x");
  });
});

describe("sessionKeyCandidates", () => {
  it("offers the segment as given and decoded, once when they agree", () => {
    expect(sessionKeyCandidates("run-7")).toEqual(["run-7"]);
    expect(sessionKeyCandidates("a%2Fb")).toEqual(["a%2Fb", "a/b"]);
    expect(sessionKeyCandidates("100%")).toEqual(["100%"]);
  });

  it("offers nothing for an empty or over-long segment", () => {
    expect(sessionKeyCandidates("")).toEqual([]);
    expect(sessionKeyCandidates("x".repeat(2_001))).toEqual([]);
  });
});

describe("legacySessionKey", () => {
  it("reads an old link's database key: a positive whole number that fits an integer column", () => {
    expect(legacySessionKey("42")).toBe(42);
    expect(legacySessionKey("2147483647")).toBe(2_147_483_647);
    for (const segment of ["0", "042", "-1", "1.5", "1e3", "abc", "", "2147483648", " 4"]) expect(legacySessionKey(segment), segment).toBeNull();
  });
});
