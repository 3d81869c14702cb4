// `concord score`: the heuristic judge over JSONL on stdin, one metric object a line on stdout.
// It streams a chunk of input at a time (readLineBatches) and writes each chunk's output in
// one write, waiting while the reader drains it, so memory stays flat whatever the input size.
// Bad lines are reported, not fatal. Good lines are checked without Zod (asScoreInput, held to
// the schema by its test); Zod is loaded only to describe a bad line.
import type { Writable } from "node:stream";
import type { z } from "zod";
import { DEFAULT_JUDGE_CONFIG } from "../../lib/judge/config";
import { asScoreInput } from "../../lib/judge/score-input-check";
import { scoreTurn } from "../../lib/judge/score-turn";
import { turnMetricsJson } from "../../lib/judge/to-json";
import { readLineBatches, stdinChunks } from "./score-lines";

const USAGE = `usage: concord score [--help] < turns.jsonl > metrics.jsonl

Scores persona turns with the heuristic judge (seed 002 §3-4).

stdin   JSONL, one turn a line:
          {"response", "seed_prompt", "persona_id", "persona_role"} (strings), and optionally
          "tools_used" (string[]), "facts_verified", "facts_total" (integers >= 0),
          "reproducible" (boolean), "external_references" (string[]): with any of these
          the turn also gets resonance metrics. Blank lines are skipped.
stdout  one JSON metric object a line, in input order:
          {length, sentiment, completeness, critical_intensity, [resonance], overall_score}
stderr  "line N: <reason>" for every bad line (the good lines are still scored)

exit    0 when every line was good, 1 when any line was bad
`;

export interface ScoreIo {
  stdin: AsyncIterable<Buffer | string>;
  stdout: Writable;
  stderr: Writable;
}

export async function run(args: string[], io: ScoreIo = processIo()): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (args.length > 0) {
    io.stderr.write(`concord score: unknown argument "${args[0]}"\n\n${USAGE}`);
    return 1;
  }

  let stdoutClosed = false;
  // A reader that goes away (`| head`) ends the run quietly instead of crashing on EPIPE.
  io.stdout.on("error", () => {
    stdoutClosed = true;
  });
  let lineNumber = 0;
  let badLines = 0;

  for await (const lines of readLineBatches(io.stdin)) {
    let output = "";
    for (const rawLine of lines) {
      lineNumber++;
      // A byte-order mark (files saved by some Windows editors) is not part of the first object.
      const line = lineNumber === 1 && rawLine.startsWith("\ufeff") ? rawLine.slice(1) : rawLine;
      if (line.trim() === "") continue;
      const result = scoreLine(line) ?? (await scoreLineWithSchema(line));
      if (result.ok) {
        output += result.json;
        continue;
      }
      badLines++;
      io.stderr.write(`line ${lineNumber}: ${result.reason}\n`);
    }
    if (output !== "" && !stdoutClosed && !io.stdout.write(output)) await drained(io.stdout);
    if (stdoutClosed) break;
  }
  return badLines === 0 ? 0 : 1;
}

function processIo(): ScoreIo {
  return { stdin: stdinChunks(), stdout: process.stdout, stderr: process.stderr };
}

/** Resolves when `stream` can take more output, or will never (closed, failed). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ["drain", "close", "error"]) stream.off(event, done);
      resolve();
    };
    for (const event of ["drain", "close", "error"]) stream.on(event, done);
  });
}

type LineResult = { ok: true; json: string } | { ok: false; reason: string };

/** The metric line for a good input line; undefined for any other (scoreLineWithSchema decides). */
function scoreLine(line: string): LineResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const input = asScoreInput(value);
  return input === undefined ? undefined : { ok: true, json: `${turnMetricsJson(scoreTurn(input, DEFAULT_JUDGE_CONFIG))}\n` };
}

/** The metric line for one input line through the Zod schema, or the reason it is bad. */
async function scoreLineWithSchema(line: string): Promise<LineResult> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { ok: false, reason: `not valid JSON (${(error as Error).message})` };
  }
  const { scoreInputSchema } = await import("../../lib/judge/score-input.schema");
  const parsed = scoreInputSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error.issues) };
  return { ok: true, json: `${turnMetricsJson(scoreTurn(parsed.data, DEFAULT_JUDGE_CONFIG))}\n` };
}

/** `field "facts_total": Too small: …; field "tools_used[1]": …`, naming every bad field. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.path.length === 0) return issue.message;
      const path = issue.path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`));
      return `field "${path.join("")}": ${issue.message}`;
    })
    .join("; ");
}
