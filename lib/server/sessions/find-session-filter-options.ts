import "server-only";
import { getDb } from "../db";

export type SessionFilterOptions = {
  /** `hasScores`: the judge scored at least one session (else the filter marks it "no scores yet"). */
  judges: Array<{ id: number; name: string; version: string; hasScores: boolean }>;
  personaIds: string[];
};

const MAX_PERSONAS = 50;

/**
 * The choices of the judge and persona filters: every judge (whether it has scored a session,
 * one probe of session_scores' judge index each), and the persona ids in use.
 */
export async function findSessionFilterOptions(): Promise<SessionFilterOptions> {
  const db = getDb();
  const [judges, personas] = await Promise.all([
    db.$queryRaw<SessionFilterOptions["judges"]>`
      SELECT j.id, j.name, j.version, EXISTS (SELECT 1 FROM session_scores s WHERE s.judge_id = j.id) AS "hasScores"
      FROM judges j ORDER BY j.name, j.version, j.id`,
    // A loose index scan: one probe of turns_persona_id_idx per distinct persona, not a
    // pass over every turn.
    db.$queryRaw<Array<{ persona_id: string }>>`
      WITH RECURSIVE persona AS (
        (SELECT persona_id FROM turns ORDER BY persona_id LIMIT 1)
        UNION ALL
        SELECT (SELECT t.persona_id FROM turns t WHERE t.persona_id > persona.persona_id ORDER BY t.persona_id LIMIT 1)
        FROM persona WHERE persona.persona_id IS NOT NULL
      )
      SELECT persona_id FROM persona WHERE persona_id IS NOT NULL LIMIT ${MAX_PERSONAS}::int`,
  ]);
  return { judges, personaIds: personas.map((row) => row.persona_id) };
}
