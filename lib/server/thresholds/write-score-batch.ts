import "server-only";
import { scorePool } from "./score-pool";

/** A job holds its lease this long; each batch renews it. An expired lease means its runner died. */
export const RECOMPUTE_LEASE = "2 minutes";

// Scores already there (a batch written again) are skipped by an anti-join rather than ON
// CONFLICT DO NOTHING, whose speculative insertion cost a tenth of the batch. The only writer
// of a recomputed version's scores is its job, one runner at a time: should a runner whose
// lease passed still write the same batch at the same moment, its insert fails on the unique
// key and the batch is written once all the same. Only the turn ids and the new overall
// scores travel: the metric scores are copied from the source judge's rows (never changed in
// place), within the batch's range of turns; a turn deleted meanwhile is skipped. The
// anti-join is bounded by the same range: unbounded, PostgreSQL hashed every score the new
// judge already had, so each batch cost more than the last (at a million turns, 47 buffer
// reads per score written instead of 8).
const INSERT_SCORES = `
INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score,
  critical_intensity, impact_score, is_imported)
SELECT u.turn_id, $1, u.overall, s.length_score, s.sentiment_score, s.completeness_score, s.critical_intensity, s.impact_score, false
FROM unnest($2::int[], $3::float8[]) AS u(turn_id, overall)
JOIN judge_scores s ON s.turn_id = u.turn_id AND s.judge_id = $4 AND s.turn_id >= $5 AND s.turn_id <= $6
WHERE NOT EXISTS (SELECT 1 FROM judge_scores d WHERE d.turn_id = u.turn_id AND d.judge_id = $1 AND d.turn_id >= $5 AND d.turn_id <= $6)`;

// The watermark only moves forward: batches may commit out of order (two writers).
const ADVANCE = `
UPDATE jobs SET completed = completed + $3, total = GREATEST(total, completed + $3),
  payload = jsonb_set(payload, '{afterTurnId}', to_jsonb(GREATEST((payload ->> 'afterTurnId')::int, $4::int))),
  locked_until = now() + interval '${RECOMPUTE_LEASE}', updated_at = now()
WHERE id = $1 AND locked_by = $2 AND status = 'running'`;

export type BatchWrite = {
  jobId: number;
  worker: string;
  judgeId: number;
  /** The judge whose metric scores the new scores were computed from. */
  sourceJudgeId: number;
  /** The batch's turns, ascending, and each one's new overall score. */
  turnIds: ArrayLike<number>;
  overall: ArrayLike<number>;
  /** Called just before the progress update: the turn id every earlier batch has reached. */
  watermark: () => number;
};

/**
 * Writes one batch of scores and the job's progress in one transaction: a batch is done or
 * not at all. Returns the number of scores written, or null, writing nothing, when the job's
 * lease has passed to another runner. A batch written twice (a runner that died after
 * committing, before the watermark passed it) is harmless: existing scores are kept and not
 * counted again.
 */
export async function writeScoreBatch(batch: BatchWrite): Promise<number | null> {
  const turnIds = Array.from(batch.turnIds);
  if (turnIds.length === 0) return 0;
  const client = await scorePool().connect();
  try {
    await client.query("BEGIN");
    // Derived data, committed with its progress: a crash loses both together and the batch
    // is redone, so a commit need not wait for the disk.
    await client.query("SET LOCAL synchronous_commit = off");
    const inserted = await client.query(INSERT_SCORES, [
      batch.judgeId,
      turnIds,
      Array.from(batch.overall),
      batch.sourceJudgeId,
      turnIds[0],
      turnIds[turnIds.length - 1],
    ]);
    const written = inserted.rowCount ?? 0;
    const advanced = await client.query(ADVANCE, [batch.jobId, batch.worker, written, batch.watermark()]);
    if (advanced.rowCount !== 1) {
      await client.query("ROLLBACK");
      return null;
    }
    await client.query("COMMIT");
    return written;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
