/**
 * Next.js calls register() once when a server starts. In the Node.js runtime (never the
 * Edge runtime, and not while `next build` prerenders) it starts the in-process job
 * worker that runs LLM-judge jobs from PostgreSQL; CONCORD_WORKER=off turns it off.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.CONCORD_WORKER === "off" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServerJobWorker } = await import("./lib/server/jobs/start-server-job-worker");
  startServerJobWorker();
}
