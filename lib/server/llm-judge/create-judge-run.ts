import "server-only";
import { llmJudgeName, PROMPT_VERSION } from "@/lib/llm-judge/chat";
import { JOB_KIND, TASK_LABELS, type JudgeJobPayload, type RunScope, type StartRunInput } from "@/lib/llm-judge/run.schema";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { createJob } from "../jobs/create-job";
import { ensureLlmJudge } from "./ensure-llm-judge";
import { findEndpointCredentials } from "./find-endpoint-credentials";
import { findPairsToCompare } from "./find-pairs-to-compare";
import { findTurnsToScore } from "./find-turns-to-score";

async function resolveScope(input: StartRunInput): Promise<{ scope: RunScope; label: string }> {
  if (input.scope === "session") {
    const session = await getDb().evalSession.findUnique({ where: { id: input.sessionId! }, select: { id: true, externalId: true } });
    if (!session) throw new DomainError("not_found", "That session no longer exists.", { sessionId: "Choose another session" });
    return { scope: { kind: "session", sessionId: session.id }, label: `session ${session.externalId}` };
  }
  if (input.scope === "persona") return { scope: { kind: "persona", personaId: input.personaId! }, label: `persona ${input.personaId}` };
  return { scope: { kind: "unscored" }, label: input.task === "direct" ? "turns without an LLM score" : "pairs not yet compared" };
}

/**
 * Starts a run: fixes its items now (turns to score or pairs to compare, at most
 * `limit`), so its progress has a total, and queues it as a job for the worker. `kind`
 * overrides the job kind, so that tests sharing a database run only their own jobs.
 */
export async function createJudgeRun(input: StartRunInput, createdById: number | null, options: { kind?: string } = {}): Promise<{ jobId: number; total: number; judge: string }> {
  const endpoint = await findEndpointCredentials(input.endpointId);
  const judgeId = await ensureLlmJudge(endpoint);
  const judge = `${llmJudgeName(endpoint.model)} ${PROMPT_VERSION}`;
  const { scope, label } = await resolveScope(input);
  const base = { label: `${TASK_LABELS[input.task]}: ${label}`, endpointId: endpoint.id, judgeId, scope, failures: [] };
  let payload: JudgeJobPayload;
  let total: number;
  if (input.task === "direct") {
    const turnIds = await findTurnsToScore(scope, judgeId, input.limit);
    payload = { task: "direct", turnIds, ...base };
    total = turnIds.length;
  } else {
    const pairs = await findPairsToCompare(scope, judgeId, input.limit);
    payload = { task: "pairwise", pairs, ...base };
    total = pairs.length;
  }
  if (total === 0) {
    const what = input.task === "direct" ? `every turn in ${label} already has a score from ${judge}` : `${label} has no pair of responses to the same prompt left to compare for ${judge}`;
    throw new DomainError("invalid", `Nothing to do: ${what} (or a run in progress covers it).`);
  }
  const jobId = await createJob({ kind: options.kind ?? JOB_KIND[input.task], payload, total, endpointId: endpoint.id, createdById });
  return { jobId, total, judge };
}
