import "server-only";
import type { PanelForm } from "@/lib/panels/panel.schema";
import { getDb } from "../db";
import type { JobHandler } from "../jobs/job-types";
import { wakeServerJobWorker } from "../jobs/start-server-job-worker";
import { createPanel, findPanelMembers, refuseNonPanelName, type CreatedPanel } from "./create-panel";

export const PANEL_JOB_KIND = "panel-create";

type Payload = { form: PanelForm; created?: CreatedPanel };

export type PanelJob = {
  id: number;
  name: string;
  aggregate: PanelForm["aggregate"];
  status: "pending" | "running" | "done" | "failed";
  error: string | null;
  created: CreatedPanel | null;
  queuedAt: Date;
};

/**
 * Queues a panel's creation: reading and aggregating every member's answers and storing the
 * panel's take seconds to minutes at a million turns, so they run in the job worker, never on
 * the request path. What can be refused at once (a judge twice, a judge that is gone, a name
 * held by a judge that is not a panel) is refused here. The same form sent again while its
 * job is waiting or running gets that job, so a double submit makes one panel.
 */
export async function queuePanel(input: PanelForm, createdById: number | null): Promise<{ jobId: number; isNew: boolean }> {
  await findPanelMembers(input);
  const holders = await getDb().judge.findMany({ where: { name: input.name }, select: { kind: true } });
  refuseNonPanelName(input.name, holders.map((judge) => judge.kind));
  const queued = await getDb().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`panel-job:${input.name}`}, 0))`;
    const [same] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM jobs WHERE kind = ${PANEL_JOB_KIND} AND status IN ('pending', 'running')
        AND payload->'form' = ${JSON.stringify(input)}::jsonb
      ORDER BY id LIMIT 1`;
    if (same) return { jobId: same.id, isNew: false };
    const job = await tx.job.create({ data: { kind: PANEL_JOB_KIND, payload: { form: input }, total: 1, createdById }, select: { id: true } });
    return { jobId: job.id, isNew: true };
  });
  if (queued.isNew) wakeServerJobWorker();
  return queued;
}

/**
 * The worker's side: creates the panel (one transaction) and, in that same transaction,
 * marks the job done with what was created, so a job resumed after its worker died either
 * finds the panel recorded or stores it for the first time, never twice.
 */
export const runPanelJob: JobHandler = async (job) => {
  const payload = job.payload as Payload;
  if (payload.created) return "done";
  await createPanel(payload.form, undefined, async (client, panel) => {
    await client.query(`UPDATE jobs SET completed = 1, payload = payload || jsonb_build_object('created', $2::jsonb), updated_at = now() WHERE id = $1`, [job.id, JSON.stringify(panel)]);
  });
  return "done";
};

/** Panel jobs waiting or running, failed in the last day or done in the last 10 minutes (newest first), for the panels page. */
export async function listPanelJobs(): Promise<PanelJob[]> {
  const rows = await getDb().$queryRaw<{ id: number; status: PanelJob["status"]; payload: Payload; last_error: string | null; created_at: Date }[]>`
    SELECT id, status::text AS status, payload, last_error, created_at FROM jobs
    WHERE kind = ${PANEL_JOB_KIND}
      AND (status IN ('pending', 'running') OR (status = 'failed' AND updated_at > now() - interval '1 day') OR (status = 'done' AND updated_at > now() - interval '10 minutes'))
    ORDER BY id DESC LIMIT 20`;
  return rows.map((row) => ({
    id: row.id,
    name: row.payload.form.name,
    aggregate: row.payload.form.aggregate,
    status: row.status,
    error: row.last_error,
    created: row.payload.created ?? null,
    queuedAt: row.created_at,
  }));
}
