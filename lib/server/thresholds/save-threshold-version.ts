import "server-only";
import { formatDateTime } from "@/lib/format";
import { fieldErrorsOf } from "@/lib/thresholds/draft-fields";
import { saveThresholdsSchema, weightsTableSchema, type Thresholds } from "@/lib/thresholds/thresholds.schema";
import { canonicalWeights, isSameWeights } from "@/lib/thresholds/weights";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { ensureRecomputeJob } from "./ensure-recompute-job";
import { ensureSeedThresholds } from "./get-active-thresholds";
import { wakeServerJobWorker } from "../jobs/start-server-job-worker";

/** pg_advisory_xact_lock key: saves of threshold versions run one at a time. */
const SAVE_LOCK = 10_040_400;

export type SaveThresholdVersion = { thresholds: Thresholds; note: string; basedOnId: number; authorId: number | null };
export type SavedThresholdVersion = { id: number; version: number; judgeVersion: string; recomputeJobId: number | null };

/**
 * Saves a new active threshold version (SPEC §6), with optimistic concurrency: the draft
 * names the version it started from, and when another admin saved since, nothing is written
 * and a conflict says who saved what (the editor keeps the draft). Weights that no version has
 * had before get a judge version of their own and a recompute job, in the same transaction.
 */
export async function saveThresholdVersion(input: SaveThresholdVersion): Promise<SavedThresholdVersion> {
  const parsed = saveThresholdsSchema.safeParse({ ...input.thresholds, note: input.note, basedOnId: input.basedOnId });
  if (!parsed.success) throw new DomainError("invalid", "Check the highlighted fields.", fieldErrorsOf(parsed.error.issues));
  const { cutoffs, note, basedOnId } = parsed.data;
  const weights = canonicalWeights(parsed.data.weights);
  await ensureSeedThresholds();

  const saved = await getDb().$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${SAVE_LOCK}::bigint)`;
      const active = await tx.thresholdVersion.findFirst({ where: { isActive: true }, include: { author: { select: { name: true } } } });
      if (!active || active.id !== basedOnId) {
        const base = await tx.thresholdVersion.findUnique({ where: { id: basedOnId }, select: { version: true } });
        const started = base ? `version ${base.version}` : "an older version";
        const saved = active
          ? `Version ${active.version} was saved by ${active.author?.name ?? "someone"} at ${formatDateTime(active.createdAt)}`
          : "Another version was saved";
        throw new DomainError(
          "conflict",
          `${saved} while you were editing ${started}. Nothing was saved and your draft is kept: check it against version ${active?.version ?? "the active one"}, then save again.`,
        );
      }
      const isUnchanged =
        active.fairCutoff === cutoffs.fair &&
        active.goodCutoff === cutoffs.good &&
        active.excellentCutoff === cutoffs.excellent &&
        isSameWeights(weightsTableSchema.parse(active.personaWeights), weights);
      if (isUnchanged) throw new DomainError("invalid", `Nothing to save: these are the values of the active version ${active.version}.`);

      const { _max } = await tx.thresholdVersion.aggregate({ _max: { version: true } });
      const version = (_max.version ?? 0) + 1;
      await tx.thresholdVersion.update({ where: { id: active.id }, data: { isActive: false } });
      const created = await tx.thresholdVersion.create({
        data: {
          version,
          fairCutoff: cutoffs.fair,
          goodCutoff: cutoffs.good,
          excellentCutoff: cutoffs.excellent,
          personaWeights: weights,
          note,
          isActive: true,
          basedOnId: active.id,
          authorId: input.authorId,
        },
      });
      const scoring = await ensureRecomputeJob(weights, { client: tx, createdById: input.authorId });
      return { id: created.id, version, judgeVersion: scoring.judgeVersion, recomputeJobId: scoring.jobId };
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  // The recompute, and any escalation refresh the new cut-offs queued, start now rather than at the worker's next poll.
  wakeServerJobWorker();
  return saved;
}
