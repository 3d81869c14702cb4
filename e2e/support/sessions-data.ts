import { randomBytes } from "node:crypto";
import pg from "pg";

// Sessions for the browsing spec, written straight into the test server's database, each
// marked with a word no other row contains so that the spec can search for exactly them.

export type SeededTurn = {
  persona: "thesis" | "antithesis" | "synthesis";
  response: string;
  affect: number | null;
  score: number;
  depth: number;
  ratings?: number[];
};

export type SeededSession = { id: number; externalId: string; seedPrompt: string; turns: SeededTurn[] };

const PERSONAS = {
  thesis: ["Dialectic Thesis", "Seed explorer"],
  antithesis: ["Boundary Challenger", "Critical reflector"],
  synthesis: ["Fractal Synthesiser", "Integrator"],
} as const;

/** A lower-case word no other test has used. */
export function uniqueMarker(): string {
  return `e2e${Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
}

function metrics(turn: SeededTurn) {
  return {
    length: { char_count: turn.response.length, word_count: turn.response.split(/\s+/).length, sentence_count: 2, avg_sentence_length: 9.5, length_score: 0.62 },
    sentiment: { sentiment_score: 0.1, positive_count: 2, negative_count: 1, neutral_ratio: 0.85, confidence: 0.15 },
    completeness: { has_reasoning: true, has_concrete_example: turn.persona === "thesis", addresses_prompt: true, keyword_coverage: 0.5, role_alignment: 0.75, completeness_score: 0.7 },
    critical_intensity:
      turn.persona === "antithesis" ? { critical_keywords_count: 3, question_count: 1, disagreement_level: 0.2, intensity_score: 0.55 } : null,
    overall_score: turn.score,
  };
}

/** Writes the sessions (with heuristic v1 scores and imported ratings) and returns their ids. */
export async function seedSessions(
  databaseUrl: string,
  sessions: Array<{ seedPrompt: string; startedAt: string; turns: SeededTurn[]; importedSummary?: unknown }>,
): Promise<SeededSession[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      "INSERT INTO judges (name, version, kind) VALUES ('heuristic', 'v1', 'heuristic') ON CONFLICT (name, version) DO NOTHING",
    );
    const { rows: judges } = await client.query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'");
    const seeded: SeededSession[] = [];
    for (const session of sessions) {
      const { rows } = await client.query<{ id: number; external_id: string }>(
        `INSERT INTO eval_sessions (external_id, content_hash, kind, seed_prompt, started_at, ended_at, turn_count, imported_summary)
         VALUES ($1, $2, 'orchestrator', $3, $4, $4::timestamptz + interval '5 minutes', $5, $6) RETURNING id, external_id`,
        [`e2e-${uniqueMarker()}`, uniqueMarker(), session.seedPrompt, session.startedAt, session.turns.length, session.importedSummary ?? null],
      );
      const sessionId = rows[0].id;
      for (const [ordinal, turn] of session.turns.entries()) {
        const [name, role] = PERSONAS[turn.persona];
        const { rows: turnRows } = await client.query<{ id: number }>(
          `INSERT INTO turns (session_id, ordinal, depth_index, step_index, occurred_at, persona_id, persona_name, persona_role,
             response, word_count, affect_amplitude, state_after, raw)
           VALUES ($1, $2::int, $3, $4, $5::timestamptz + $2::int * interval '20 seconds', $6, $7, $8, $9, $10, $11, $12, '{}'::jsonb) RETURNING id`,
          [sessionId, ordinal, turn.depth, (ordinal % 3) + 1, session.startedAt, turn.persona, name, role, turn.response,
            turn.response.split(/\s+/).length, turn.affect, turn.affect === null ? null : { affect_amplitude: turn.affect }],
        );
        const turnId = turnRows[0].id;
        await client.query(
          `INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics, is_imported) VALUES ($1, $2, $3, $4, false)`,
          [turnId, judges[0].id, turn.score, metrics(turn)],
        );
        for (const [i, level] of (turn.ratings ?? []).entries()) {
          await client.query(
            `INSERT INTO ratings (turn_id, annotator, criterion, level, source) VALUES ($1, $2, 'overall', $3, 'imported')`,
            [turnId, `e2e annotator ${i + 1}`, level],
          );
        }
      }
      seeded.push({ id: sessionId, externalId: rows[0].external_id, seedPrompt: session.seedPrompt, turns: session.turns });
    }
    await client.query("COMMIT");
    return seeded;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}

/** Three sessions under one marker: a six-turn dialectic over two depths, a short one, a Korean one. */
export async function seedBrowseSessions(databaseUrl: string, marker: string) {
  const [long, short, korean] = await seedSessions(databaseUrl, [
    {
      seedPrompt: `${marker} How can a small team balance speed and quality?`,
      startedAt: "2025-03-04T09:00:00Z",
      importedSummary: { total_turns: 6, avg_overall_score: 0.8, quality_rating: "Excellent" },
      turns: [
        { persona: "thesis", depth: 1, affect: 0.5, score: 0.72, response: "Small steps build trust because each release teaches the team something." },
        { persona: "antithesis", depth: 1, affect: 0.55, score: 0.64, response: "However, speed overlooks the risk of debt. Who pays for it later?", ratings: [3, 2] },
        { persona: "synthesis", depth: 1, affect: 0.6, score: 0.81, response: "Therefore integrate review into each small step." },
        { persona: "thesis", depth: 2, affect: 0.63, score: 0.7, response: "For example, pair reviews keep quality without slowing delivery." },
        { persona: "antithesis", depth: 2, affect: 0.66, score: 0.58, response: "But reviews can become a bottleneck when the team is stuck." },
        { persona: "synthesis", depth: 2, affect: 0.7, score: 0.85, response: "We can reconcile both by limiting work in progress." },
      ],
    },
    {
      seedPrompt: `${marker} Should schools teach philosophy to children?`,
      startedAt: "2025-03-02T09:00:00Z",
      turns: [
        { persona: "thesis", depth: 1, affect: 0.4, score: 0.45, response: "Philosophy helps children ask better questions." },
        { persona: "antithesis", depth: 1, affect: 0.42, score: 0.4, response: "The curriculum is already full; what would it replace?" },
      ],
    },
    {
      seedPrompt: `${marker} 어떻게 하면 지속 가능한 도시를 만들 수 있을까?`,
      startedAt: "2025-03-03T09:00:00Z",
      turns: [
        { persona: "thesis", depth: 1, affect: 0.5, score: 0.9, response: "예를 들어, 대중교통을 확장하면 탄소 배출이 줄어듭니다." },
        { persona: "antithesis", depth: 1, affect: 0.45, score: 0.78, response: "하지만 재원 문제를 간과하고 있습니다." },
        { persona: "synthesis", depth: 1, affect: 0.52, score: 0.88, response: "따라서 단계적으로 통합하는 계획이 필요합니다." },
      ],
    },
  ]);
  return { long, short, korean };
}
