import "server-only";
import { itemKey, judgeJobPayloadSchema } from "@/lib/llm-judge/run.schema";
import type { JobHandler } from "../jobs/job-types";
import { getActiveThresholds } from "../thresholds/get-active-thresholds";
import { recordJobItemFailure } from "../jobs/record-job-item-failure";
import { runJobItems } from "../jobs/run-job-items";
import { setJobCompleted } from "../jobs/set-job-completed";
import { ChatRequestError } from "./chat-request-error";
import { comparePair } from "./compare-pair";
import { describeItemFailure } from "./describe-item-failure";
import { findComparedPairs } from "./find-compared-pairs";
import { findEndpointCredentials } from "./find-endpoint-credentials";
import { findPairToCompare } from "./find-pair-to-compare";
import { findScoredTurns } from "./find-scored-turns";
import { findTurnToJudge } from "./find-turn-to-judge";
import { loadJudgeCriteria } from "./load-judge-criteria";
import { defaultRequestPolicy, type RequestPolicy } from "./request-policy";
import { saveDirectScore } from "./save-direct-score";
import { savePairwiseComparison } from "./save-pairwise-comparison";
import { scoreTurnDirectly } from "./score-turn-directly";

const isEndpointFailure = (error: unknown) => error instanceof ChatRequestError && error.kind === "endpoint";

/**
 * Runs an LLM-judge job (direct scoring or pairwise comparison). Resuming is the same as
 * starting: items this judge already stored, and items recorded as failed, are skipped,
 * and the completed count is set from what is stored.
 */
export function createJudgeJobHandler(policy: RequestPolicy = defaultRequestPolicy()): JobHandler {
  return async (job, context) => {
    const payload = judgeJobPayloadSchema.parse(job.payload);
    const endpoint = await findEndpointCredentials(payload.endpointId);
    const { criteria, source } = await loadJudgeCriteria();
    const { version, cutoffs } = await getActiveThresholds();
    const options = { policy, signal: context.signal };
    const failed = new Set(payload.failures.map((failure) => failure.item));
    const common = { concurrency: endpoint.maxConcurrency, context, isFatal: isEndpointFailure };

    if (payload.task === "direct") {
      const scored = await findScoredTurns(payload.judgeId, payload.turnIds);
      await setJobCompleted(job.id, scored.size);
      const remaining = payload.turnIds.filter((turnId) => !scored.has(turnId) && !failed.has(itemKey(turnId)));
      const outcome = await runJobItems(remaining, {
        ...common,
        process: async (turnId) => {
          const turn = await findTurnToJudge(turnId);
          if (!turn) throw new Error("the turn no longer exists");
          const score = await scoreTurnDirectly(endpoint, turn, criteria, cutoffs, options);
          context.signal.throwIfAborted();
          await saveDirectScore({ jobId: job.id, turnId, judgeId: payload.judgeId, score, criteriaSource: source, thresholds: { version, cutoffs } });
        },
        onFailure: (turnId, error) => recordJobItemFailure(job.id, itemKey(turnId), describeItemFailure(error)),
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
      onFailure: (pair, error) => recordJobItemFailure(job.id, itemKey(pair), describeItemFailure(error)),
    });
    if (outcome === "done") {
      const stored = await findComparedPairs(payload.judgeId, payload.pairs);
      await setJobCompleted(job.id, payload.pairs.filter(([a, b]) => stored.has(`${a}-${b}`)).length);
    }
    return outcome;
  };
}
