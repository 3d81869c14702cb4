import "server-only";
import type { StoredTurn } from "@/lib/ingest/turn-row";

// Rows of turns and judge_scores in COPY's text format, in the column order of copy-turns.ts.

export function turnLine(sessionId: number, { turn, raw }: StoredTurn): string {
  return (
    `${num(sessionId)}\t${num(turn.ordinal)}\t${num(turn.depth_index)}\t${num(turn.step_index)}\t${str(turn.occurred_at)}\t` +
    `${str(turn.persona_id)}\t${str(turn.persona_name)}\t${str(turn.persona_role)}\t${str(turn.backend_id)}\t${str(turn.backend_type)}\t` +
    `${str(turn.prompt_digest)}\t${str(turn.response)}\t${num(turn.word_count)}\t${num(turn.affect_amplitude)}\t` +
    `${str(turn.item_id)}\t${str(turn.dimension)}\t${str(turn.generator_model)}\t${json(turn.phase)}\t${json(turn.state_after)}\t${escape(raw.trim())}`
  );
}

export function scoreLine(score: NonNullable<StoredTurn["score"]>): string {
  return (
    `${num(score.overall_score)}\t${num(score.length_score)}\t${num(score.sentiment_score)}\t${num(score.completeness_score)}\t` +
    `${num(score.critical_intensity)}\t${num(score.impact_score)}\t${json(score.metrics)}\t${score.is_imported ? "t" : "f"}`
  );
}

/** COPY text format: tab-separated, \N for null, backslash escapes. */
const NULL = "\\N";

/**
 * A number as the JSON batches wrote it: JavaScript's shortest round-trip form, which
 * float8 reads back to the same double; a non-finite number is null, as JSON.stringify made it.
 */
function num(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NULL : String(value);
}

function str(value: string | null | undefined): string {
  return value === null || value === undefined ? NULL : escape(value);
}

/** A JSON value; null (absent) as SQL NULL, as NULLIF(…, 'null') did. */
function json(value: unknown): string {
  if (value === null || value === undefined) return NULL;
  const text = JSON.stringify(value);
  return text === undefined ? NULL : escape(text);
}

const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const REPLACEMENT: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escape(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => REPLACEMENT[c]) : text;
}
