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
/** Turns between two turns of the event loop while a chunk is built (see add()). */
const YIELD_EVERY = 128;

type Copy = ReturnType<typeof copyFrom>;

/**
 * Writes turns and their judge scores with COPY, in the caller's transaction, a chunk of
 * turns at a time: each chunk's turns are streamed into turns as they are built (read,
 * scored, encoded), then its scores, held for the chunk only, are copied into judge_scores.
 * Each COPY is one statement, so the statement-level triggers (session aggregates, queue
 * items, rated units) fire once per chunk with the chunk's rows in their transition tables,
 * as they did for each INSERT of the JSON batches. Nothing is visible outside the transaction
 * until it commits; a failure rolls every chunk back (call abort() first if a COPY may be open).
 *
 * Pipelined: the connection queues statements, so a chunk's scores COPY (and the triggers
 * it fires) runs in the database while Node already builds the next chunk, whose turns COPY
 * waits in the queue and takes the new text as it comes; the two cores work at once. Node
 * runs at most one chunk ahead: before it builds chunk k+1 it waits until chunk k-1 is
 * done, which bounds memory to about two chunks whatever the size of the input. Turn ids
 * come from turns' own sequence, drawn two chunks ahead (the draw waits in the same queue).
 * `isPipelined = false` waits for each chunk before building the next (the import bench
 * times both; CONCORD_IMPORT_PIPELINE=serial).
 *
 * The sessions' full-text documents are left to a background job, enqueued with the turns
 * (enqueue-session-search.ts): building them in the trigger was about a third of the import's
 * PostgreSQL time.
 *
 * COPY straight into the tables, not into a staging table and then INSERT … SELECT: each
 * row is written once, and PostgreSQL spent 19 % less CPU (measured, bench/import.bench.ts).
 */
export class TurnCopyWriter {
  /** The open turns COPY of the chunk being built. */
  private copy: Copy | null = null;
  private failure: Error | null = null;
  private text = "";
  private scores: string[] = [];
  private ids: number[] = [];
  private used = 0;
  private sequence: string | null = null;
  /** Ids drawn for the chunks after the one being built, oldest first. */
  private drawn: Promise<number[]>[] = [];
  private drawnTurns = 0;
  /** The statements of the chunks sent and not yet awaited, oldest first; each settles when the database is done with it. */
  private sent: Promise<unknown>[] = [];
  private chunks = 0;
  private written = 0;
  private isFinished = false;
  /** Every COPY started, so that abort() can end the ones still open or queued. */
  private readonly copies: Copy[] = [];
  /** The sessions given turns, for the search job (see deferSearch). */
  private sessionIds = new Set<number>();

  private readonly chunkTurns: number;
  private readonly deferSearch: boolean;
  private readonly expectedTurns: number | null;
  private readonly isPipelined: boolean;

  constructor(
    private readonly tx: Tx,
    private readonly judgeId: number,
    options: {
      /** Turns per chunk: bounds what is held in memory (~2 KB of COPY text per turn, two chunks). */
      chunkTurns?: number;
      /**
       * Leave the sessions' full-text documents to a "session-search" job enqueued by finish()
       * in this transaction (migration "deferred_session_search"); false builds them in the
       * turns trigger, as before (the import bench times both).
       */
      deferSearch?: boolean;
      /** The turns the caller will add, when known: no ids are drawn past them. */
      expectedTurns?: number | null;
      /** false: wait for each chunk before building the next, as before the pipeline. */
      isPipelined?: boolean;
    } = {},
  ) {
    this.chunkTurns = options.chunkTurns ?? 5_000;
    this.deferSearch = options.deferSearch ?? process.env.CONCORD_IMPORT_SESSION_SEARCH !== "inline";
    this.expectedTurns = options.expectedTurns ?? null;
    this.isPipelined = options.isPipelined ?? process.env.CONCORD_IMPORT_PIPELINE !== "serial";
  }

  async add(sessionId: number, stored: StoredTurn): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.copy === null) await this.startChunk();
    const id = this.ids[this.used++];
    this.sessionIds.add(sessionId);
    this.text += `${id}\t${turnLine(sessionId, stored)}\n`;
    if (stored.score) this.scores.push(`${id}\t${this.judgeId}\t${scoreLine(stored.score)}\n`);
    if (this.text.length >= CHUNK_BYTES) this.send();
    if (this.used === this.ids.length) await this.finishChunk();
    // Building a chunk is synchronous work between awaits that never wait for I/O; a turn of
    // the event loop now and then lets the connection take queued text and answers.
    else if (this.used % YIELD_EVERY === 0) await new Promise(setImmediate);
  }

  /** Writes the last chunk and waits for the database; returns the turns written. */
  async finish(): Promise<number> {
    if (this.isFinished) throw new Error("TurnCopyWriter.finish called twice");
    if (this.copy !== null) await this.finishChunk();
    this.isFinished = true;
    while (this.sent.length > 0) await this.settled(this.sent.shift()!);
    if (this.deferSearch && this.sessionIds.size > 0) await enqueueSessionSearch(this.tx, [...this.sessionIds]);
    return this.written;
  }

  /**
   * Ends the COPYs left open or queued by an error elsewhere (the input changed, a row failed
   * to build): the server is told each failed (CopyFail), so the connection is ready for the
   * ROLLBACK (without this, the ROLLBACK would wait behind an open COPY for ever). Waits until
   * the database is done with every statement sent. Safe to call at any time.
   */
  async abort(reason: Error): Promise<void> {
    this.isFinished = true;
    const open = this.copies.filter((copy) => !copy.writableFinished && !copy.destroyed);
    for (const copy of open) copy.destroy(reason);
    await Promise.all([
      ...open.map((copy) => once(copy, "close").catch(() => {})),
      ...this.sent.map((chunk) => chunk.catch(() => {})),
      ...this.drawn.map((ids) => ids.catch(() => {})),
    ]);
  }

  private async startChunk(): Promise<void> {
    if (this.sequence === null) {
      if (this.deferSearch) await deferSessionSearch(this.tx);
      const { rows } = await this.tx.query<{ sequence: string }>("SELECT pg_get_serial_sequence('turns', 'id') AS sequence");
      this.sequence = rows[0].sequence;
      this.draw();
    }
    // Node stays at most one chunk ahead of the database: chunk k+1 is built while the
    // database works on chunk k, once it is done with chunk k-1.
    while (this.sent.length > (this.isPipelined ? 1 : 0)) await this.settled(this.sent.shift()!);
    this.ids = await this.settled(this.drawn.shift()!);
    this.draw();
    this.used = 0;
    this.copy = this.startCopy(`COPY turns (${TURN_COLUMNS.join(", ")}) FROM STDIN`);
  }

  /**
   * Queues the draw of the next chunk's ids. Chunks grow from 64 turns, doubling: a small
   * import draws few ids it does not use (turn ids are 32-bit), a large one soon goes at full
   * size; with `expectedTurns`, none past the last turn.
   */
  private draw(): void {
    const size = Math.min(this.chunkTurns, 64 * 2 ** this.chunks++, this.expectedTurns === null ? Infinity : this.expectedTurns - this.drawnTurns);
    if (size <= 0 && this.expectedTurns !== null && this.drawn.length > 0) return;
    const count = Math.max(size, 1);
    this.drawnTurns += count;
    const ids = this.tx
      .query<{ id: number }>("SELECT nextval($1::regclass)::int AS id FROM generate_series(1, $2)", [this.sequence, count])
      .then(({ rows }) => rows.map((row) => row.id));
    ids.catch(() => {}); // awaited (and thrown) when its chunk starts, or by abort()
    this.drawn.push(ids);
  }

  private startCopy(sql: string): Copy {
    const copy = this.tx.query(copyFrom(sql));
    copy.on("error", (error: Error) => {
      this.failure ??= error;
    });
    this.copies.push(copy);
    return copy;
  }

  /** Ends the chunk's turns COPY and queues its scores COPY behind it. */
  private async finishChunk(): Promise<void> {
    this.send();
    const turns = this.copy!;
    this.copy = null;
    turns.end();
    const done: Promise<unknown>[] = [once(turns, "finish")];
    this.written += this.used;
    if (this.scores.length > 0) {
      const scores = this.startCopy(`COPY judge_scores (${SCORE_COLUMNS.join(", ")}) FROM STDIN`);
      for (let at = 0; at < this.scores.length; at += 1000) scores.write(this.scores.slice(at, at + 1000).join(""));
      this.scores = [];
      scores.end();
      done.push(once(scores, "finish"));
    }
    // Finished COPYs need no abort; dropping them keeps the list to the chunks in flight.
    const sent = Promise.all(done).then(() => {
      for (let i = this.copies.length - 1; i >= 0; i--) if (this.copies[i].writableFinished) this.copies.splice(i, 1);
    });
    sent.catch(() => {}); // awaited (and thrown) before a later chunk, or by finish() / abort()
    this.sent.push(sent);
    if (!this.isPipelined) await this.settled(this.sent.shift()!);
  }

  /**
   * Hands the text gathered to the turns COPY. Its writes are buffered until the connection
   * reaches the statement (the stream's own buffer, at most a chunk's text; the next chunk
   * waits for the one before, see startChunk), so there is no backpressure to wait for here.
   */
  private send(): void {
    if (this.text.length === 0) return;
    const text = this.text;
    this.text = "";
    this.copy!.write(text);
  }

  /** Waits for `event`, or throws the COPY's error if one failed first. */
  private async settled<T>(event: Promise<T>): Promise<T> {
    if (this.failure) throw this.failure;
    const value = await event; // once() rejects when the stream emits "error"
    if (this.failure) throw this.failure;
    return value;
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
