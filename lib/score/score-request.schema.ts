import { z } from "zod";

// The body of POST /api/v1/score: one turn, or an array of at most MAX_SCORE_TURNS. A turn is
// what `concord score` reads per line ({response, seed_prompt, persona_id, persona_role},
// optionally the resonance fields); fields the judge does not read are ignored. Every message
// names what was expected and what was found, so a caller can fix its request from it.

export const MAX_SCORE_TURNS = 1000;

/** What a value is, in the words of an error message: "number", "null", "an array", … */
export function describeFound(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return value.length > 40 ? `the string "${value.slice(0, 40)}…"` : `the string "${value}"`;
  if (typeof value === "number" && !Number.isInteger(value)) return `the number ${value}`;
  return typeof value === "object" ? "an object" : typeof value;
}

function expected(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `missing: expected ${what}` : `expected ${what}, found ${describeFound(issue.input)}`;
}

const text = z.string({ error: expected("a string") });
const count = z.int({ error: expected("a whole number") }).nonnegative({ error: (issue) => `expected a whole number ≥ 0, found ${String(issue.input)}` });
const texts = z.array(text, { error: expected("an array of strings") });

export const scoreTurnSchema = z.object(
  {
    response: text,
    seed_prompt: text,
    persona_id: text,
    persona_role: text,
    tools_used: texts.optional(),
    facts_verified: count.optional(),
    facts_total: count.optional(),
    reproducible: z.boolean({ error: expected("true or false") }).optional(),
    external_references: texts.optional(),
  },
  { error: expected("a turn object {response, seed_prompt, persona_id, persona_role}") },
);
export type ScoreTurnInput = z.infer<typeof scoreTurnSchema>;

export type ScoreProblem = { path: string; message: string };

export type ParsedScoreBody =
  | { ok: true; isBatch: boolean; turns: ScoreTurnInput[] }
  | { ok: false; status: 400 | 413; error: string; problems: ScoreProblem[] };

/** `[3].response`, `tools_used[1]`: the path as a caller would write it in JavaScript. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join("");
}

/** At most this many problems are listed: a body of a thousand bad turns needs a few examples, not a thousand. */
const MAX_PROBLEMS = 20;

/** The turns of a parsed JSON body, or why they cannot be scored. */
export function parseScoreBody(body: unknown): ParsedScoreBody {
  const isBatch = Array.isArray(body);
  if (isBatch && body.length === 0) {
    return { ok: false, status: 400, error: "the array holds no turn: send one turn or an array of 1 to 1,000", problems: [] };
  }
  if (isBatch && body.length > MAX_SCORE_TURNS) {
    return {
      ok: false,
      status: 413,
      error: `at most ${MAX_SCORE_TURNS.toLocaleString("en")} turns per request; this one has ${body.length.toLocaleString("en")}: send them in batches`,
      problems: [],
    };
  }
  const parsed = isBatch ? z.array(scoreTurnSchema).safeParse(body) : scoreTurnSchema.safeParse(body);
  if (parsed.success) return { ok: true, isBatch, turns: isBatch ? (parsed.data as ScoreTurnInput[]) : [parsed.data as ScoreTurnInput] };
  const problems = parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  const listed = problems.slice(0, MAX_PROBLEMS).map((problem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message));
  const more = problems.length > MAX_PROBLEMS ? `; and ${problems.length - MAX_PROBLEMS} more` : "";
  return { ok: false, status: 400, error: `${listed.join("; ")}${more}`, problems: problems.slice(0, MAX_PROBLEMS) };
}
