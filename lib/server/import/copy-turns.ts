import "server-only";
import { once } from "node:events";
import { from as copyFrom } from "pg-copy-streams";
import type { StoredTurn } from "@/lib/ingest/turn-row";
import type { Tx } from "./import-types";

// The staging table lives in the import's own transaction and goes with it: dropped when
// the writer finishes, and by ON COMMIT DROP (or the rollback) whatever happens. Its `id` is
// drawn from turns' own sequence as each row arrives, so the judge scores need no join back
// to the turns they belong to. A sequential scan of a temporary table (never synchronized,
// never parallel under INSERT) reads rows in the order COPY wrote them, so turn ids follow
// the file's order without a sort.
const STAGE = "import_turns_stage";

const COLUMNS = [
  "session_id", "ordinal", "depth_index", "step_index", "occurred_at", "persona_id", "persona_name",
  "persona_role", "backend_id", "backend_type", "prompt_digest", "response", "word_count", "affect_amplitude",
  "item_id", "dimension", "phase", "state_after", "raw", "has_score", "overall_score", "length_score",
  "sentiment_score", "completeness_score", "critical_intensity", "impact_score", "metrics", "is_imported",
] as const;

const CREATE_STAGE = (sequence: string) => `
CREATE TEMPORARY TABLE ${STAGE} (
  id int NOT NULL DEFAULT nextval('${sequence.replace(/'/g, "''")}'::regclass),
  session_id int, ordinal int, depth_index int, step_index int, occurred_at timestamptz,
  persona_id text, persona_name text, persona_role text, backend_id text, backend_type text,
  prompt_digest text, response text, word_count int, affect_amplitude float8, item_id text,
  dimension text, phase jsonb, state_after jsonb, raw jsonb, has_score boolean, overall_score float8,
  length_score float8, sentiment_score float8, completeness_score float8, critical_intensity float8,
  impact_score float8, metrics jsonb, is_imported boolean
) ON COMMIT DROP`;

const INSERT_TURNS = `
INSERT INTO turns (id, session_id, ordinal, depth_index, step_index, occurred_at, persona_id, persona_name,
  persona_role, backend_id, backend_type, prompt_digest, response, word_count, affect_amplitude, item_id,
  dimension, phase, state_after, raw)
SELECT id, session_id, ordinal, depth_index, step_index, occurred_at, persona_id, persona_name,
  persona_role, backend_id, backend_type, prompt_digest, response, word_count, affect_amplitude, item_id,
  dimension, phase, state_after, raw
FROM ${STAGE}`;

const INSERT_SCORES = `
INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score,
  critical_intensity, impact_score, metrics, is_imported)
SELECT id, $1, overall_score, length_score, sentiment_score, completeness_score,
  critical_intensity, impact_score, metrics, is_imported
FROM ${STAGE} WHERE has_score`;

/** Bytes of COPY text gathered before they are handed to the connection. */
const CHUNK_BYTES = 1 << 18;

/**
 * Streams turns and their judge scores with COPY into a temporary staging table of the
 * caller's transaction, then writes them to turns and judge_scores with one INSERT … SELECT
 * each, so the statement-level triggers (session aggregates, queue items, rated units) see
 * every row of the import in one transition table. Memory holds one chunk of COPY text, not
 * the file; the database parses the rows while the next ones are scored. Nothing is visible
 * outside the transaction until it commits, and a rollback leaves nothing, staging included.
 */
export class TurnCopyWriter {
  private copy: ReturnType<typeof copyFrom> | null = null;
  private failure: Error | null = null;
  private text = "";
  private isFinished = false;

  constructor(
    private readonly tx: Tx,
    private readonly judgeId: number,
  ) {}

  async add(sessionId: number, stored: StoredTurn): Promise<void> {
    if (this.copy === null) await this.start();
    this.text += copyLine(sessionId, stored);
    if (this.text.length >= CHUNK_BYTES) await this.send();
  }

  /** Sends what is gathered, ends the COPY and writes the staged rows; returns the turns written. */
  async finish(): Promise<number> {
    if (this.isFinished) throw new Error("TurnCopyWriter.finish called twice");
    this.isFinished = true;
    if (this.copy === null) return 0;
    await this.send();
    const copy = this.copy;
    copy.end();
    await this.settled(once(copy, "finish"));
    const turns = await this.tx.query(INSERT_TURNS);
    await this.tx.query(INSERT_SCORES, [this.judgeId]);
    await this.tx.query(`DROP TABLE ${STAGE}`);
    return turns.rowCount ?? 0;
  }

  /**
   * Ends a COPY left open by an error elsewhere (the input changed, a row failed to build):
   * the server is told the COPY failed, so the connection is ready for the ROLLBACK. Safe to
   * call at any time; does nothing after finish().
   */
  async abort(reason: Error): Promise<void> {
    const copy = this.copy;
    if (copy === null || this.isFinished || copy.destroyed) return;
    this.isFinished = true;
    copy.destroy(reason);
    await once(copy, "close").catch(() => {});
  }

  private async start(): Promise<void> {
    const { rows } = await this.tx.query<{ sequence: string }>("SELECT pg_get_serial_sequence('turns', 'id') AS sequence");
    await this.tx.query(CREATE_STAGE(rows[0].sequence));
    const copy = this.tx.query(copyFrom(`COPY ${STAGE} (${COLUMNS.join(", ")}) FROM STDIN`));
    copy.on("error", (error: Error) => {
      this.failure ??= error;
    });
    this.copy = copy;
  }

  private async send(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.text.length === 0) return;
    const text = this.text;
    this.text = "";
    if (!this.copy!.write(text)) await this.settled(once(this.copy!, "drain"));
  }

  /** Waits for `event`, or throws the COPY's error if it fails first. */
  private async settled(event: Promise<unknown>): Promise<void> {
    if (this.failure) throw this.failure;
    await event; // once() rejects when the stream emits "error"
    if (this.failure) throw this.failure;
  }
}

/** One row of COPY text format: tab-separated, \N for null, backslash escapes. */
function copyLine(sessionId: number, { turn, score, raw }: StoredTurn): string {
  return (
    `${num(sessionId)}\t${num(turn.ordinal)}\t${num(turn.depth_index)}\t${num(turn.step_index)}\t${str(turn.occurred_at)}\t` +
    `${str(turn.persona_id)}\t${str(turn.persona_name)}\t${str(turn.persona_role)}\t${str(turn.backend_id)}\t${str(turn.backend_type)}\t` +
    `${str(turn.prompt_digest)}\t${str(turn.response)}\t${num(turn.word_count)}\t${num(turn.affect_amplitude)}\t` +
    `${str(turn.item_id)}\t${str(turn.dimension)}\t${json(turn.phase)}\t${json(turn.state_after)}\t${escape(raw.trim())}\t` +
    (score === null
      ? "f\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\n"
      : `t\t${num(score.overall_score)}\t${num(score.length_score)}\t${num(score.sentiment_score)}\t${num(score.completeness_score)}\t` +
        `${num(score.critical_intensity)}\t${num(score.impact_score)}\t${json(score.metrics)}\t${score.is_imported ? "t" : "f"}\n`)
  );
}

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
