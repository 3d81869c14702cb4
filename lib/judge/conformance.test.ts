// Every case of the shared fixture, computed by the seed's own Python, must come out identical:
// every number, every boolean, every key in its place.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scoreTurn } from "./score-turn";
import type { ScoreInput } from "./score-input.schema";
import type { TurnMetrics } from "./types";

interface FixtureCase {
  id: string;
  input: ScoreInput;
  expected: TurnMetrics;
}

const cases: FixtureCase[] = readFileSync(new URL("./fixtures/cases.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as FixtureCase);

describe("heuristic judge conformance (fixtures/cases.jsonl)", () => {
  it("has the 80 fixture cases", () => {
    expect(cases).toHaveLength(80);
  });

  it.each(cases.map((c) => [c.id, c] as const))("reproduces case %s exactly", (_id, c) => {
    const actual = scoreTurn(c.input);
    expect(actual).toStrictEqual(c.expected);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(c.expected));
  });
});
