// A turn and its judge score as the store writes them: snake_case like the columns, plain
// JSON values, so a batch goes to PostgreSQL as one JSON document.

export type TurnRow = {
  ordinal: number;
  depth_index: number | null;
  step_index: number | null;
  occurred_at: string | null;
  persona_id: string;
  persona_name: string | null;
  persona_role: string | null;
  backend_id: string | null;
  backend_type: string | null;
  prompt_digest: string | null;
  response: string;
  word_count: number;
  affect_amplitude: number | null;
  item_id: string | null;
  dimension: string | null;
  /** The model that generated the response, when the data says. */
  generator_model: string | null;
  phase: unknown;
  state_after: unknown;
};

/** The judge's verdict on the turn; columns of judge_scores. */
export type ScoreRow = {
  overall_score: number;
  length_score: number | null;
  sentiment_score: number | null;
  completeness_score: number | null;
  critical_intensity: number | null;
  impact_score: number | null;
  metrics: unknown;
  is_imported: boolean;
};

/** A turn ready to store: `raw` is the JSON text of the line as given. */
export type StoredTurn = { turn: TurnRow; score: ScoreRow | null; raw: string };
