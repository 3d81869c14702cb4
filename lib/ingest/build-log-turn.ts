// One log record as a stored turn: its columns, and its metrics — the log's own when it has
// them, else the heuristic judge's (SPEC §2–3).
import { countSplitWords, scoreTurn, type JudgeConfig, type TurnMetrics } from "@/lib/judge";
import { toIsoInstant, type EvaluationMetrics, type LogRecord } from "./log-record.schema";
import type { ScoreRow, StoredTurn } from "./turn-row";

export type LogTurnInput = {
  record: LogRecord;
  /** The line's JSON text as given (kept as turns.raw). */
  raw: string;
  ordinal: number;
  /** The session's seed prompt, for records that carry none. */
  seedPrompt: string | null;
  /** The session header's generator model, for records that name none. */
  generatorModel?: string | null;
  config: JudgeConfig;
};

export function buildLogTurn({ record, raw, ordinal, seedPrompt, generatorModel = null, config }: LogTurnInput): StoredTurn {
  const { persona } = record;
  const { score, wordCount } = scoreOf(record, seedPrompt, config);
  const turn = {
    ordinal,
    depth_index: record.depth_index ?? null,
    step_index: record.step_index ?? null,
    occurred_at: record.timestamp ? new Date(toIsoInstant(record.timestamp)).toISOString() : null,
    persona_id: persona.id,
    persona_name: persona.name ?? null,
    persona_role: persona.role ?? null,
    backend_id: persona.backend?.backend_id ?? null,
    backend_type: persona.backend?.type ?? null,
    prompt_digest: record.prompt_digest ?? null,
    response: record.response,
    word_count: wordCount,
    affect_amplitude: record.state_after?.affect_amplitude ?? null,
    item_id: null,
    dimension: null,
    generator_model: record.generator_model ?? generatorModel,
    phase: record.phase ?? null,
    state_after: record.state_after ?? null,
  };
  return { turn, score, raw };
}

/** The score, and the response's words (Python's len(text.split())). */
function scoreOf(record: LogRecord, seedPrompt: string | null, config: JudgeConfig): { score: ScoreRow; wordCount: number } {
  const given = record.evaluation_metrics;
  if (given) return { score: scoreRow(given, true), wordCount: countSplitWords(record.response) };
  const metrics = scoreTurn(
    {
      response: record.response,
      seed_prompt: record.seed_prompt ?? seedPrompt ?? "",
      persona_id: record.persona.id,
      persona_role: record.persona.role ?? "",
    },
    config,
  );
  // The judge's length metric counts the same words in its one pass over the text
  // (scan-response.ts); counting them again was a few µs per imported turn.
  return { score: scoreRow(metrics, false), wordCount: metrics.length.word_count };
}

function scoreRow(metrics: EvaluationMetrics | TurnMetrics, isImported: boolean): ScoreRow {
  return {
    overall_score: metrics.overall_score,
    length_score: metrics.length?.length_score ?? null,
    sentiment_score: metrics.sentiment?.sentiment_score ?? null,
    completeness_score: metrics.completeness?.completeness_score ?? null,
    critical_intensity: metrics.critical_intensity?.intensity_score ?? null,
    impact_score: metrics.resonance?.impact_score ?? null,
    metrics,
    is_imported: isImported,
  };
}
