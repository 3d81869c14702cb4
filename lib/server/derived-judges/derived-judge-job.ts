import "server-only";
import { formatNumber } from "@/components/agreement/format";
import type { CalibratedJudgeForm } from "@/lib/calibrated-judge/calibrated-judge.schema";
import type { CascadeForm } from "@/lib/cascade/cascade.schema";
import type { PanelForm } from "@/lib/panels/panel.schema";
import { createCalibratedJudge, findCalibrationSource } from "../calibrated-judges/create-calibrated-judge";
import { createCascade, findCascadeJudges } from "../cascades/create-cascade";
import { getDb } from "../db";
import type { JobHandler } from "../jobs/job-types";
import { wakeServerJobWorker } from "../jobs/start-server-job-worker";
import { createPanel, findPanelMembers } from "../panels/create-panel";
import { nextJudgeVersion, type InTransaction } from "./next-judge-version";

export const DERIVED_JUDGE_JOB_KIND = "derived-judge";

/** What a built judge's job records, and the page shows: its name, version and a sentence on what it holds. */
export type BuiltJudge = { id: number; name: string; version: string; summary: string };

type Forms = { panel: PanelForm; cascade: CascadeForm; calibrated: CalibratedJudgeForm };
export type DerivedKind = keyof Forms;
type Request = { [K in DerivedKind]: { type: K; form: Forms[K] } }[DerivedKind];
type Payload = Request & { built?: BuiltJudge };

/** How each kind is checked before it is queued and built by the worker (in one transaction ending with `done`). */
const BUILDERS: { [K in DerivedKind]: { what: string; check: (form: Forms[K]) => Promise<unknown>; build: (form: Forms[K], done: (run: InTransaction, built: BuiltJudge) => Promise<void>) => Promise<unknown> } } = {
  panel: {
    what: "a panel",
    check: findPanelMembers,
    build: (form, done) =>
      createPanel(form, undefined, (run, panel) =>
        done(run, { id: panel.id, name: panel.name, version: panel.version, summary: `answers on ${panel.turns.toLocaleString("en")} turns. Pick it as the judge on the Agreement page to see what it is worth.` }),
      ),
  },
  cascade: {
    what: "a cascade",
    check: findCascadeJudges,
    build: (form, done) =>
      createCascade(form, (run, cascade) => {
        const waiting = cascade.waiting > 0 ? ` ${cascade.waiting.toLocaleString("en")} turns in the band wait for the strong judge's score.` : "";
        const summary = `scores on ${cascade.turns.toLocaleString("en")} turns, ${cascade.escalated.toLocaleString("en")} of them from the strong judge.${waiting} Pick it as the judge on the Agreement page to see what it costs and what it is worth.`;
        return done(run, { id: cascade.id, name: cascade.name, version: cascade.version, summary });
      }),
  },
  calibrated: {
    what: "a calibrated judge",
    check: findCalibrationSource,
    build: (form, done) =>
      createCalibratedJudge(form, (run, judge) => {
        const { mae, maeRaw } = judge.config.outOfFold;
        const summary = `scores on ${judge.turns.toLocaleString("en")} turns. On the ${judge.config.nRated.toLocaleString("en")} rated turns it is off by ${formatNumber(mae)} levels on average (out of fold), the raw judge by ${formatNumber(maeRaw)}. Pick it as the judge on the Agreement page to see the rest.`;
        return done(run, { id: judge.id, name: judge.name, version: judge.version, summary });
      }),
  },
};

export type DerivedJudgeJob = {
  id: number;
  type: DerivedKind;
  name: string;
  status: "pending" | "running" | "done" | "failed";
  error: string | null;
  built: BuiltJudge | null;
};

/**
 * Queues a panel, cascade or calibrated judge to be built: reading every answer it is made
 * of and storing its own takes seconds to minutes at a million turns, so the job worker does
 * it, never the request. What can be refused at once (a judge that is gone, a judge twice, a
 * name held by another kind of judge) is refused here. The same form sent again while its
 * job waits or runs gets that job, so a double submit builds one judge.
 */
export async function queueDerivedJudge(request: Request, createdById: number | null): Promise<{ jobId: number; isNew: boolean }> {
  const builder = BUILDERS[request.type] as { what: string; check: (form: Request["form"]) => Promise<unknown> };
  await builder.check(request.form);
  const existing = await getDb().judge.findMany({ where: { name: request.form.name }, select: { version: true, kind: true } });
  nextJudgeVersion(request.form.name, existing, request.type, builder.what);
  const queued = await getDb().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`derived-judge:${request.form.name}`}, 0))`;
    const [same] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM jobs WHERE kind = ${DERIVED_JUDGE_JOB_KIND} AND status IN ('pending', 'running')
        AND payload->>'type' = ${request.type} AND payload->'form' = ${JSON.stringify(request.form)}::jsonb
      ORDER BY id LIMIT 1`;
    if (same) return { jobId: same.id, isNew: false };
    const job = await tx.job.create({ data: { kind: DERIVED_JUDGE_JOB_KIND, payload: request, total: 1, createdById }, select: { id: true } });
    return { jobId: job.id, isNew: true };
  });
  if (queued.isNew) wakeServerJobWorker();
  return queued;
}

/**
 * The worker's side: builds the judge in one transaction in which the job also records what
 * it built and counts itself complete, so a job resumed after its worker died either finds
 * its judge recorded or builds it for the first time, never twice. A refusal (no turn in
 * common, too few rated sessions) fails the job with that sentence.
 */
export const runDerivedJudgeJob: JobHandler = async (job) => {
  const payload = job.payload as Payload;
  if (payload.built) return "done";
  const build = BUILDERS[payload.type].build as (form: Request["form"], done: (run: InTransaction, built: BuiltJudge) => Promise<void>) => Promise<unknown>;
  await build(payload.form, async (run, built) => {
    await run(`UPDATE jobs SET completed = 1, payload = payload || jsonb_build_object('built', $2::jsonb), updated_at = now() WHERE id = $1`, [job.id, JSON.stringify(built)]);
  });
  return "done";
};

/** Jobs of one kind of derived judge waiting or running, failed in the last day or done in the last 10 minutes, newest first. */
export async function listDerivedJudgeJobs(type: DerivedKind): Promise<DerivedJudgeJob[]> {
  const rows = await getDb().$queryRaw<{ id: number; status: DerivedJudgeJob["status"]; payload: Payload; last_error: string | null }[]>`
    SELECT id, status::text AS status, payload, last_error FROM jobs
    WHERE kind = ${DERIVED_JUDGE_JOB_KIND} AND payload->>'type' = ${type}
      AND (status IN ('pending', 'running')
        OR (status = 'failed' AND updated_at > now() - interval '1 day')
        OR (status = 'done' AND updated_at > now() - interval '10 minutes'))
    ORDER BY id DESC LIMIT 20`;
  return rows.map((row) => ({ id: row.id, type, name: row.payload.form.name, status: row.status, error: row.last_error, built: row.payload.built ?? null }));
}
