// scoreInputSchema's answer in plain JavaScript, for the hot path of `concord score`: the
// command checks every line, and most lines are good, so it loads Zod only to describe a bad
// one. score-input-check.test.ts holds this to the schema on random good and bad values.
import type { ScoreInput } from "./score-input.schema";

/**
 * `value` itself when scoreInputSchema accepts it, else undefined. Unknown keys stay on the
 * object (the schema strips them), which scoreTurn never reads.
 */
export function asScoreInput(value: unknown): ScoreInput | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const turn = value as Record<string, unknown>;
  const isValid =
    typeof turn.response === "string" &&
    typeof turn.seed_prompt === "string" &&
    typeof turn.persona_id === "string" &&
    typeof turn.persona_role === "string" &&
    isOptionalStrings(turn.tools_used) &&
    isOptionalCount(turn.facts_verified) &&
    isOptionalCount(turn.facts_total) &&
    (turn.reproducible === undefined || typeof turn.reproducible === "boolean") &&
    isOptionalStrings(turn.external_references);
  return isValid ? (turn as unknown as ScoreInput) : undefined;
}

/** z.int().nonnegative().optional(): Zod's int is a safe integer. */
function isOptionalCount(field: unknown): boolean {
  return field === undefined || (typeof field === "number" && Number.isSafeInteger(field) && field >= 0);
}

function isOptionalStrings(field: unknown): boolean {
  if (field === undefined) return true;
  if (!Array.isArray(field)) return false;
  for (const item of field) if (typeof item !== "string") return false;
  return true;
}
