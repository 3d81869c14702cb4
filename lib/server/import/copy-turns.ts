import "server-only";
import { once } from "node:events";
import { from as copyFrom } from "pg-copy-streams";
import type { StoredTurn } from "@/lib/ingest/turn-row";
import { scoreLine, turnLine } from "./copy-text";
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

/** Characters of COPY text gathered before they are handed to the COPY stream. */
const CHUNK_BYTES = 1 << 18;
/** Turns between two turns of the event loop while a chunk is built (see add()). */
const YIELD_EVERY = 128;

type Copy = ReturnType<typeof copyFrom>;

/**
 * Writes turns and their judge scores with COPY, in the caller's transaction, a chunk of
 * turns at a time: each chunk's turns go to a COPY into turns as they are built (read,
 * scored, encoded), then its scores, held for the chunk only, to a COPY into judge_scores.
 * Each COPY is one statement, so the statement-level triggers (session aggregates, queue
 * items, rated units) fire once per chunk with the chunk's rows in their transition tables,
 * as they did for each INSERT of the JSON batches. Nothing is visible outside the transaction
 * until it commits; a failure rolls every chunk back (call abort() first).
 *
 * Pipelined, so that the two cores work at once: the statements go to the connection one
 * after another through a chain of our own (the writer never has two on the connection),
 * while Node builds ahead. A chunk's scores COPY, and the triggers it fires, run in the
 * database while Node builds the next chunk; that chunk's turns COPY starts as soon as the
 * database is done, with the text built so far waiting in its stream's buffer. Node stays
 * at most one chunk ahead (before building chunk k+1 it waits until chunk k-1 is done), so
 * memory holds about two chunks whatever the size of the input. Turn ids come from turns'
 * own sequence, drawn two chunks ahead in the same chain. `isPipelined: false` waits for each
 * chunk before building the next, as before (the import bench times both;
 * CONCORD_IMPORT_PIPELINE=serial).
 *
 * The sessions' full-text documents are left to a background job, enqueued with the turns
 * (enqueue-session-search.ts): building them in the trigger was about a third of the import's
 * PostgreSQL time.
 *
 * COPY straight into the tables, not into a staging table and then INSERT … SELECT: each
 * row is written once, and PostgreSQL spent 19 % less CPU (measured, bench/import.bench.ts).
 */
export class TurnCopyWriter {
  /** The turns COPY of the chunk being built, open for its text. */
  private copy: Copy | null = null;
  private failure: Error | null = null;
  /** The last statement given to the connection (or waiting for its turn); settles after it. */
  private tail: Promise<void> = Promise.resolve();
  private text = "";
  private scores: string[] = [];
  private ids: number[] = [];
  private used = 0;
  private sequence: string | null = null;
  /** Ids drawn for the chunks after the one being built, oldest first. */
  private drawn: Promise<number[]>[] = [];
  private drawnTurns = 0;
  private chunks = 0;
  /** The chunks sent and not yet awaited, oldest first; each settles when the database is done with it. */
  private sent: Promise<unknown>[] = [];
  private written = 0;
  private isFinished = false;
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
    // Building a chunk is synchronous work between awaits that wait for no I/O; a turn of the
    // event loop now and then lets the connection take the text and read the answers.
    else if (this.used % YIELD_EVERY === 0) await new Promise(setImmediate);
  }

  /** Writes the last chunk and waits for the database; returns the turns written. */
  async finish(): Promise<number> {
    if (this.isFinished) throw new Error("TurnCopyWriter.finish called twice");
    if (this.copy !== null) await this.finishChunk();
    this.isFinished = true;
    while (this.sent.length > 0) await this.settled(this.sent.shift()!);
    await this.settled(this.tail);
    if (this.deferSearch && this.sessionIds.size > 0) await enqueueSessionSearch(this.tx, [...this.sessionIds]);
    return this.written;
  }

  /**
   * Stops after an error elsewhere (the input changed, a row failed to build): statements not
   * yet given to the connection are dropped, an open COPY is told it failed (CopyFail), and
   * this waits until the database is done with every statement it was given, so that the
   * connection is ready for the ROLLBACK (which would otherwise wait behind an open COPY for
   * ever). Safe to call at any time.
   */
  async abort(reason: Error): Promise<void> {
    this.isFinished = true;
    this.failure ??= reason;
    const open = this.copy;
    this.copy = null;
    if (open !== null && !open.destroyed) open.destroy(reason);
    await this.tail;
    await Promise.all([...this.sent, ...this.drawn].map((step) => step.catch(() => {})));
  }

  private async startChunk(): Promise<void> {
    if (this.sequence === null) {
      if (this.deferSearch) await deferSessionSearch(this.tx);
      const { rows } = await this.tx.query<{ sequence: string }>("SELECT pg_get_serial_sequence('turns', 'id') AS sequence");
      this.sequence = rows[0].sequence;
      this.draw();
    }
    // Chunk k+1 is built while the database works on chunk k, once it is done with chunk k-1.
    while (this.sent.length > (this.isPipelined ? 1 : 0)) await this.settled(this.sent.shift()!);
    this.ids = await this.settled(this.drawn.shift()!);
    this.draw();
    this.used = 0;
    this.copy = this.newCopy(`COPY turns (${TURN_COLUMNS.join(", ")}) FROM STDIN`);
    this.sent.push(this.submit(this.copy));
  }

  /**
   * Queues the draw of the next chunk's ids. Chunks grow from 64 turns, doubling: a small
   * import draws few ids it does not use (turn ids are 32-bit), a large one soon goes at full
   * size; with `expectedTurns`, none past the last turn (but always one draw in reserve).
   */
  private draw(): void {
    const left = this.expectedTurns === null ? Infinity : this.expectedTurns - this.drawnTurns;
    if (left <= 0 && this.drawn.length > 0) return;
    const size = Math.max(1, Math.min(this.chunkTurns, 64 * 2 ** this.chunks++, left));
    this.drawnTurns += size;
    const ids = this.after(async () => {
      // One row holding an array: a row per id cost more than the draw itself.
      const { rows } = await this.tx.query<{ ids: number[] }>("SELECT array_agg(nextval($1::regclass)::int ORDER BY i) AS ids FROM generate_series(1, $2) AS i", [this.sequence, size]);
      return rows[0].ids;
    });
    ids.catch(() => {}); // awaited (and thrown) when its chunk starts, or by abort()
    this.drawn.push(ids);
  }

  /** Ends the chunk's turns COPY and queues its scores COPY behind it. */
  private async finishChunk(): Promise<void> {
    this.send();
    this.copy!.end();
    this.copy = null;
    this.written += this.used;
    if (this.scores.length > 0) {
      const scores = this.newCopy(`COPY judge_scores (${SCORE_COLUMNS.join(", ")}) FROM STDIN`);
      for (let at = 0; at < this.scores.length; at += 1000) scores.write(this.scores.slice(at, at + 1000).join(""));
      this.scores = [];
      scores.end();
      // The chunk is done when its last statement is: the chain runs them in order.
      this.sent[this.sent.length - 1] = this.submit(scores);
    }
    if (!this.isPipelined) await this.settled(this.sent.shift()!);
  }

  /**
   * Hands the text gathered to the turns COPY. Until the connection reaches the statement its
   * stream keeps the text (at most a chunk's: the next chunk waits for the one before, see
   * startChunk), so there is no backpressure to wait for here.
   */
  private send(): void {
    if (this.text.length === 0) return;
    const text = this.text;
    this.text = "";
    this.copy!.write(text);
  }

  private newCopy(sql: string): Copy {
    const copy = copyFrom(sql);
    copy.on("error", (error: Error) => {
      this.failure ??= error;
    });
    return copy;
  }

  /** Gives a COPY to the connection after the statements before it; settles when it is done. */
  private submit(copy: Copy): Promise<void> {
    const done = this.after(async () => {
      this.tx.query(copy);
      await once(copy, "finish"); // rejects when the stream emits "error"
    });
    done.catch(() => {}); // awaited (and thrown) before a later chunk, or by finish() / abort()
    return done;
  }

  /**
   * Runs `step` once every statement queued before it is done; skipped once anything failed
   * (the transaction is lost: the caller rolls it back).
   */
  private after<T>(step: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => {
      if (this.failure) throw this.failure;
      return step();
    });
    this.tail = result.then(
      () => {},
      (error: Error) => {
        this.failure ??= error;
      },
    );
    return result;
  }

  /** Waits for `event`, or throws the first failure if one came first. */
  private async settled<T>(event: Promise<T>): Promise<T> {
    if (this.failure) throw this.failure;
    const value = await event;
    if (this.failure) throw this.failure;
    return value;
  }
}
