import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { run } from "./score";

const root = fileURLToPath(new URL("../../", import.meta.url));
const fixtures = readFileSync(new URL("../../lib/judge/fixtures/cases.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { input: Record<string, unknown>; expected: unknown });

function concordScore(stdin: string, args: string[] = []) {
  return spawnSync(process.execPath, ["scripts/concord.mjs", "score", ...args], { cwd: root, input: stdin, encoding: "utf8" });
}

describe("concord score (spawned)", () => {
  it("scores good lines in order, reports each bad line by number and field, and exits 1", () => {
    const stdin = [
      JSON.stringify(fixtures[0].input),
      "",
      "{not json",
      JSON.stringify({ response: "hi", seed_prompt: "x", persona_id: "thesis" }),
      JSON.stringify({ ...fixtures[1].input, facts_total: "3" }),
      JSON.stringify(fixtures[1].input),
      "",
    ].join("\n");
    const result = concordScore(stdin);
    expect(result.status).toBe(1);
    expect(result.stdout.trimEnd().split("\n").map((line) => JSON.parse(line))).toStrictEqual([
      fixtures[0].expected,
      fixtures[1].expected,
    ]);
    expect(result.stderr.trimEnd().split("\n")).toStrictEqual([
      expect.stringMatching(/^line 3: not valid JSON \(.+\)$/),
      'line 4: field "persona_role": Invalid input: expected string, received undefined',
      'line 5: field "facts_total": Invalid input: expected number, received string',
    ]);
  });

  it("exits 0 on all-good input and adds resonance when a resonance field is given", () => {
    const turn = { response: "x", seed_prompt: "", persona_id: "thesis", persona_role: "", facts_verified: 2, facts_total: 3 };
    const result = concordScore(`${JSON.stringify(turn)}\r\n`);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout).resonance).toStrictEqual({
      impact_score: 0.0,
      transparency: 0.5,
      reproducibility: 0.5,
      verifiability: 0.67,
      notes: "2/3 facts checked; 0 references",
    });
  });

  it("writes a negative zero score as -0.0, the way Python's json.dumps does", () => {
    const turn = { response: `fear${" word".repeat(2500)}`, seed_prompt: "", persona_id: "thesis", persona_role: "" };
    const result = concordScore(JSON.stringify(turn));
    expect(result.stdout).toContain('"sentiment_score":-0.0,');
    expect(Object.is(JSON.parse(result.stdout).sentiment.sentiment_score, -0)).toBe(true);
  });

  it("prints usage for --help and exits 0", () => {
    const result = concordScore("", ["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: concord score/);
  });

  it("rejects an unknown argument with exit code 1", () => {
    const result = concordScore("", ["--fast"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^concord score: unknown argument "--fast"/);
  });
});

describe("concord score (in process)", () => {
  it("keeps every line in order through a slow reader (backpressure)", async () => {
    const count = 3000;
    const inputs = (function* () {
      for (let i = 0; i < count; i++) yield `${JSON.stringify(fixtures[i % fixtures.length].input)}\n`;
    })();
    const received: string[] = [];
    const stdout = new Writable({
      highWaterMark: 1024,
      write(chunk, _encoding, done) {
        received.push(String(chunk));
        setImmediate(done);
      },
    });
    const stderr = new Writable({ write: (_chunk, _encoding, done) => done() });
    const code = await run([], { stdin: Readable.from(inputs), stdout, stderr });
    expect(code).toBe(0);
    const lines = received.join("").trimEnd().split("\n");
    expect(lines).toHaveLength(count);
    expect(lines.every((line, i) => line === JSON.stringify(fixtures[i % fixtures.length].expected))).toBe(true);
  });
});
