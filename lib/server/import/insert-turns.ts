import "server-only";
import type { StoredTurn } from "@/lib/ingest/turn-row";
import { TurnCopyWriter } from "./copy-turns";
import type { Tx } from "./import-types";

/** Writes an import's turns and their judge scores in the caller's transaction. */
export type TurnWriter = {
  add(sessionId: number, stored: StoredTurn): Promise<void>;
  /** Writes what is left; the turns are in the tables when it resolves. */
  finish(): Promise<unknown>;
  /** Call when the import fails before finish(), before the transaction rolls back. */
  abort(reason: Error): Promise<void>;
};

/**
 * The writer imports use: COPY (copy-turns.ts). The JSON batches
 * below are the earlier path, kept so that the import bench can time both on the same file
 * (CONCORD_IMPORT_WRITE_PATH=batches); nothing else sets it.
 */
export function turnWriter(tx: Tx, judgeId: number, expectedTurns: number | null = null): TurnWriter {
  return process.env.CONCORD_IMPORT_WRITE_PATH === "batches" ? new TurnBatchWriter(tx, judgeId) : new TurnCopyWriter(tx, judgeId, { expectedTurns });
}

// Turns and their judge scores go in as one JSON document per batch, expanded by
// json_to_recordset (json, not jsonb, so that raw keeps the line's text as given): one round
// trip and one statement for a thousand turns.
const INSERT_TURNS = `
WITH input AS (
  SELECT * FROM json_to_recordset($1::json) AS x(
    session_id int, ordinal int, depth_index int, step_index int, occurred_at timestamptz,
    persona_id text, persona_name text, persona_role text, backend_id text, backend_type text,
    prompt_digest text, response text, word_count int, affect_amplitude float8, item_id text,
    dimension text, generator_model text, phase jsonb, state_after jsonb, raw json, has_score boolean, overall_score float8,
    length_score float8, sentiment_score float8, completeness_score float8, critical_intensity float8,
    impact_score float8, metrics jsonb, is_imported boolean)
), inserted AS (
  INSERT INTO turns (session_id, ordinal, depth_index, step_index, occurred_at, persona_id, persona_name,
    persona_role, backend_id, backend_type, prompt_digest, response, word_count, affect_amplitude, item_id,
    dimension, generator_model, phase, state_after, raw)
  SELECT session_id, ordinal, depth_index, step_index, occurred_at, persona_id, persona_name,
    persona_role, backend_id, backend_type, prompt_digest, response, word_count, affect_amplitude, item_id,
    dimension, generator_model, NULLIF(phase, 'null'::jsonb), NULLIF(state_after, 'null'::jsonb), raw
  FROM input
  RETURNING id, session_id, ordinal
)
INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score,
  critical_intensity, impact_score, metrics, is_imported)
SELECT inserted.id, $2, input.overall_score, input.length_score, input.sentiment_score, input.completeness_score,
  input.critical_intensity, input.impact_score, NULLIF(input.metrics, 'null'::jsonb), input.is_imported
FROM inserted JOIN input USING (session_id, ordinal)
WHERE input.has_score`;

/**
 * Collects turns and writes them in batches, all in the caller's transaction. One batch is
 * in flight while the next is parsed and scored, so the database and the judge work at the
 * same time; call finish() to wait for the last.
 */
export class TurnBatchWriter implements TurnWriter {
  private parts: string[] = [];
  private bytes = 0;
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly tx: Tx,
    private readonly judgeId: number,
    private readonly maxTurns = 1000,
    private readonly maxBytes = 8 << 20,
  ) {}

  async add(sessionId: number, stored: StoredTurn): Promise<void> {
    const part = rowJson(sessionId, stored);
    this.parts.push(part);
    this.bytes += part.length;
    if (this.parts.length >= this.maxTurns || this.bytes >= this.maxBytes) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const json = `[${this.parts.join(",")}]`;
    this.parts = [];
    this.bytes = 0;
    await this.inFlight;
    const sent = this.tx.query(INSERT_TURNS, [json, this.judgeId]);
    sent.catch(() => {}); // awaited (and thrown) by the next flush or by finish()
    this.inFlight = sent;
  }

  async finish(): Promise<void> {
    await this.flush();
    await this.inFlight;
  }

  async abort(): Promise<void> {
    await this.inFlight.catch(() => {});
  }
}

/** The row as JSON text; `raw` is spliced in as given rather than parsed and written again. */
function rowJson(sessionId: number, { turn, score, raw }: StoredTurn): string {
  const row = { session_id: sessionId, ...turn, has_score: score !== null, ...(score ?? {}) };
  return `${JSON.stringify(row).slice(0, -1)},"raw":${raw.trim()}}`;
}
