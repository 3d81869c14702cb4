import "server-only";
import { MAX_SCORE_TURNS, parseScoreBody } from "@/lib/score/score-request.schema";
import { scoreTurnForRetry } from "@/lib/score/score-turns";
import { ImportTooLargeError } from "../import/import-errors";
import { readLimitedBody } from "../import/read-limited-body";
import { getScoringRules } from "./get-scoring-rules";

/** A thousand long responses fit; a body larger than this is refused before it is parsed. */
export const MAX_SCORE_BODY_BYTES = 32 * 1024 * 1024;

const JSON_HEADERS = { "content-type": "application/json", "cache-control": "no-store" };

function refusal(status: number, error: string, problems?: unknown): Response {
  return new Response(JSON.stringify(problems ? { error, problems } : { error }), { status, headers: JSON_HEADERS });
}

/**
 * POST /api/v1/score after authentication: reads and checks the body, scores every turn with
 * the heuristic judge under the rules in memory, and answers. Reads nothing from the database
 * and writes nothing (see getScoringRules). One turn in, one object out (its metrics, level,
 * retry and the thresholds version); an array in, {results: [...], thresholds}.
 */
export async function scoreRequest(request: Request): Promise<Response> {
  let bytes: Uint8Array;
  try {
    bytes = await readLimitedBody(request, MAX_SCORE_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof ImportTooLargeError)) throw error;
    return refusal(413, `the body is larger than ${MAX_SCORE_BODY_BYTES / (1024 * 1024)} MB: send at most ${MAX_SCORE_TURNS} turns per request, in smaller batches if they are long`);
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    const reason = bytes.byteLength === 0 ? "the body is empty" : `the body is not valid JSON (${(error as Error).message})`;
    return refusal(400, `${reason}: send one turn {response, seed_prompt, persona_id, persona_role} or an array of them`);
  }
  const parsed = parseScoreBody(body);
  if (!parsed.ok) return refusal(parsed.status, parsed.error, parsed.problems.length > 0 ? parsed.problems : undefined);

  const rules = await getScoringRules();
  const results = parsed.turns.map((turn) => scoreTurnForRetry(turn, rules));
  const answer = parsed.isBatch ? { results, thresholds: rules.thresholds } : { ...results[0], thresholds: rules.thresholds };
  return new Response(JSON.stringify(answer), { status: 200, headers: JSON_HEADERS });
}
