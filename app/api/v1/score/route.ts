import { withAuth } from "@/lib/server/auth/guards";
import { scoreRequest } from "@/lib/server/score/score-request";

/**
 * `POST /api/v1/score` with a `score` API key: the orchestrator's real-time check (seed 002
 * §10.4). Body: one turn {response, seed_prompt, persona_id, persona_role} or an array of at
 * most 1,000. Answer: per turn the heuristic judge's metrics under the active thresholds
 * version, the level, `retry` and the cut-off it used; and the thresholds version. 400 names
 * each bad field ("[3].response: expected a string, found number"); 413 over 1,000 turns.
 */
export const POST = withAuth({ apiKeyScopes: ["score"] }, (request) => scoreRequest(request));
