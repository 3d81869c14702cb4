import "server-only";
import { itemKey, judgeJobPayloadSchema } from "@/lib/llm-judge/run.schema";
import type { JobHandler } from "../jobs/job-types";
import { getActiveThresholds } from "../thresholds/get-active-thresholds";
import { runJobItems } from "../jobs/run-job-items";
import { setJobCompleted } from "../jobs/set-job-completed";
import { ChatRequestError } from "./chat-request-error";
import { comparePair } from "./compare-pair";
import { findComparedPairs } from "./find-compared-pairs";
import { findCriterionTypes } from "./find-criterion-types";
import { findEndpointCredentials } from "./find-endpoint-credentials";
import { findPairToCompare } from "./find-pair-to-compare";
import { findScoredTurns } from "./find-scored-turns";
import { judgeTurn } from "./judge-turn";
import { loadJudgeCriteria } from "./load-judge-criteria";
import { recordRunItemFailure } from "./record-run-item-failure";
import { defaultRequestPolicy, type RequestPolicy } from "./request-policy";
import { savePairwiseComparison } from "./save-pairwise-comparison";

const isEndpointFailure = (error: unknown) => error instanceof ChatRequestError && error.kind === "endpoint";

/**
 * Runs an LLM-judge job (direct scoring or pairwise comparison). Resuming is the same as
 * starting: items this judge already stored (a score or a label), and items recorded as
 * failed (unparseable output among them), are skipped, and the completed count is set
 * from what is stored.
 */
export function createJudgeJobHandler(policy: RequestPolicy = defaultRequestPolicy()): JobHandler {
  return async (job, context) => {
    const payload = judgeJobPayloadSchema.parse(job.payload);
    const endpoint = await findEndpointCredentials(payload.endpointId);
    const { criteria, texts, source } = await loadJudgeCriteria();
    const { version, cutoffs } = await getActiveThresholds();
    const options = { policy, signal: context.signal };
    const failed = new Set(payload.failures.map((failure) => failure.item));
    const common = { concurrency: endpoint.maxConcurrency, context, isFatal: isEndpointFailure };

    if (payload.task === "direct") {
      const setup = { jobId: job.id, judgeId: payload.judgeId, endpoint, criteria, texts, source, types: await findCriterionTypes(), thresholds: { version, cutoffs }, options };
      const scored = await findScoredTurns(payload.judgeId, payload.turnIds);
      await setJobCompleted(job.id, scored.size);
      const remaining = payload.turnIds.filter((turnId) => !scored.has(turnId) && !failed.has(itemKey(turnId)));
      const outcome = await runJobItems(remaining, {
        ...common,
        process: (turnId) => judgeTurn(turnId, setup),
        onFailure: (turnId, error) => recordRunItemFailure(job.id, itemKey(turnId), error),
      });
      // Another run may have scored some of these turns meanwhile: count what is stored.
      if (outcome === "done") await setJobCompleted(job.id, (await findScoredTurns(payload.judgeId, payload.turnIds)).size);
      return outcome;
    }

    const compared = await findComparedPairs(payload.judgeId, payload.pairs);
    const isCompared = ([a, b]: readonly [number, number]) => compared.has(`${a}-${b}`);
    await setJobCompleted(job.id, payload.pairs.filter(isCompared).length);
    const remaining = payload.pairs.filter((pair) => !isCompared(pair) && !failed.has(itemKey(pair)));
    const outcome = await runJobItems(remaining, {
      ...common,
      process: async ([turnAId, turnBId]) => {
        const pair = await findPairToCompare(turnAId, turnBId);
        if (!pair) throw new Error("one of the turns no longer exists");
        const comparison = await comparePair(endpoint, pair, criteria, options);
        context.signal.throwIfAborted();
        await savePairwiseComparison({ jobId: job.id, turnAId, turnBId, judgeId: payload.judgeId, comparison });
      },
      onFailure: (pair, error) => recordRunItemFailure(job.id, itemKey(pair), error),
    });
    if (outcome === "done") {
      const stored = await findComparedPairs(payload.judgeId, payload.pairs);
      await setJobCompleted(job.id, payload.pairs.filter(([a, b]) => stored.has(`${a}-${b}`)).length);
    }
    return outcome;
  };
}
