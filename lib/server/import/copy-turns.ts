import "server-only";
import { once } from "node:events";
import { from as copyFrom } from "pg-copy-streams";
import type { StoredTurn } from "@/lib/ingest/turn-row";
import { deferSessionSearch, enqueueSessionSearch } from "./enqueue-session-search";
import type { Tx } from "./import-types";

const TURN_COLUMNS = [
  "id", "session_id", "ordinal", "depth_index", "step_index", "occurred_at", "persona_id", "persona_name",
  "persona_role", "backend_id", "backend_type", "prompt_digest", "response", "word_count", "affect_amplitude",
  "item_id", "dimension", "generator_model", "phase", "state_after", "raw",
];
const SCORE_COLUMNS = [
  "turn_id", "judge_id", "overall_score", "length_score", "sentiment_score", "completeness_score",
  "critical_intensity", "impact_score", "metrics", "is_imported",
];

/** Characters of COPY text gathered before they are handed to the connection. */
const CHUNK_BYTES = 1 << 18;

/**
 * Writes turns and their judge scores with COPY, in the caller's transaction, a chunk of
 * turns at a time: the chunk's turn ids are drawn from turns' own sequence first, its turns
 * streamed into turns (the database parses them while the next ones are read and scored),
 * then its scores, held for the chunk only, copied into judge_scores. Each COPY is one
 * statement, so the statement-level triggers (session aggregates, queue items, rated units)
 * fire once per chunk with the chunk's rows in their transition tables, as they did for
 * each INSERT of the JSON batches. Nothing is visible outside the transaction until it
 * commits; a failure rolls every chunk back (call abort() first if a COPY may be open).
 *
 * The sessions' full-text documents are left to a background job, enqueued with the turns
 * (enqueue-session-search.ts): building them in the trigger was about a third of the import's
 * PostgreSQL time.
 *
 * COPY straight into the tables, not into a staging table and then INSERT … SELECT: each
 * row is written once, and PostgreSQL spent 19 % less CPU (measured, bench/import.bench.ts).
 */
export class TurnCopyWriter {
  private copy: ReturnType<typeof copyFrom> | null = null;
  private failure: Error | null = null;
  private text = "";
  private scores: string[] = [];
  private ids: number[] = [];
  private used = 0;
  private sequence: string | null = null;
  private written = 0;
  private isFinished = false;
  /** The sessions given turns, for the search job (see deferSearch). */
  private sessionIds = new Set<number>();

  constructor(
    private readonly tx: Tx,
    private readonly judgeId: number,
    /** Turns per chunk: bounds the scores held in memory (~2 KB each). */
    private readonly chunkTurns = 10_000,
    /**
     * Leave the sessions' full-text documents to a "session-search" job enqueued by finish()
     * in this transaction (migration "deferred_session_search"); false builds them in the
     * turns trigger, as before (the import bench times both).
     */
    private readonly deferSearch = process.env.CONCORD_IMPORT_SESSION_SEARCH !== "inline",
  ) {}

  async add(sessionId: number, stored: StoredTurn): Promise<void> {
    if (this.copy === null) await this.startChunk();
    const id = this.ids[this.used++];
    this.sessionIds.add(sessionId);
    this.text += `${id}\t${turnLine(sessionId, stored)}\n`;
    if (stored.score) this.scores.push(`${id}\t${this.judgeId}\t${scoreLine(stored.score)}\n`);
    if (this.text.length >= CHUNK_BYTES) await this.send();
    if (this.used === this.ids.length) await this.finishChunk();
  }

  /** Writes the last chunk; returns the turns written. */
  async finish(): Promise<number> {
    if (this.isFinished) throw new Error("TurnCopyWriter.finish called twice");
    if (this.copy !== null) await this.finishChunk();
    this.isFinished = true;
    if (this.deferSearch && this.sessionIds.size > 0) await enqueueSessionSearch(this.tx, [...this.sessionIds]);
    return this.written;
  }

  /**
   * Ends a COPY left open by an error elsewhere (the input changed, a row failed to build):
   * the server is told the COPY failed, so the connection is ready for the ROLLBACK (without
   * this, the ROLLBACK would wait behind the open COPY for ever). Safe to call at any time.
   */
  async abort(reason: Error): Promise<void> {
    const copy = this.copy;
    this.isFinished = true;
    if (copy === null || copy.destroyed) return;
    copy.destroy(reason);
    await once(copy, "close").catch(() => {});
  }

  private async startChunk(): Promise<void> {
    if (this.sequence === null) {
      if (this.deferSearch) await deferSessionSearch(this.tx);
      const { rows } = await this.tx.query<{ sequence: string }>("SELECT pg_get_serial_sequence('turns', 'id') AS sequence");
      this.sequence = rows[0].sequence;
    }
    // Chunks grow from 64 turns, doubling: a small import draws few ids it does not use
    // (turn ids are 32-bit), a large one soon goes at full size.
    const size = Math.min(this.chunkTurns, this.ids.length === 0 ? 64 : this.ids.length * 2);
    const { rows } = await this.tx.query<{ id: number }>("SELECT nextval($1::regclass)::int AS id FROM generate_series(1, $2)", [this.sequence, size]);
    this.ids = rows.map((row) => row.id);
    this.used = 0;
    this.copy = this.startCopy(`COPY turns (${TURN_COLUMNS.join(", ")}) FROM STDIN`);
  }

  private startCopy(sql: string): ReturnType<typeof copyFrom> {
    const copy = this.tx.query(copyFrom(sql));
    copy.on("error", (error: Error) => {
      this.failure ??= error;
    });
    return copy;
  }

  private async finishChunk(): Promise<void> {
    await this.send();
    await this.end(this.copy!);
    this.copy = null;
    this.written += this.used;
    if (this.scores.length > 0) {
      const scores = this.startCopy(`COPY judge_scores (${SCORE_COLUMNS.join(", ")}) FROM STDIN`);
      for (let at = 0; at < this.scores.length; at += 1000) {
        if (!scores.write(this.scores.slice(at, at + 1000).join(""))) await this.settled(once(scores, "drain"));
      }
      this.scores = [];
      await this.end(scores);
    }
  }

  private async end(copy: ReturnType<typeof copyFrom>): Promise<void> {
    copy.end();
    await this.settled(once(copy, "finish"));
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

function turnLine(sessionId: number, { turn, raw }: StoredTurn): string {
  return (
    `${num(sessionId)}\t${num(turn.ordinal)}\t${num(turn.depth_index)}\t${num(turn.step_index)}\t${str(turn.occurred_at)}\t` +
    `${str(turn.persona_id)}\t${str(turn.persona_name)}\t${str(turn.persona_role)}\t${str(turn.backend_id)}\t${str(turn.backend_type)}\t` +
    `${str(turn.prompt_digest)}\t${str(turn.response)}\t${num(turn.word_count)}\t${num(turn.affect_amplitude)}\t` +
    `${str(turn.item_id)}\t${str(turn.dimension)}\t${str(turn.generator_model)}\t${json(turn.phase)}\t${json(turn.state_after)}\t${escape(raw.trim())}`
  );
}

function scoreLine(score: NonNullable<StoredTurn["score"]>): string {
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
