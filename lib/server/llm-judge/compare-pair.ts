import "server-only";
import type { JudgeCriterion } from "@/lib/llm-judge/criteria";
import { pairwiseOutputSchema, type PairwiseOutput } from "@/lib/llm-judge/pairwise-output.schema";
import { buildPairwiseMessages } from "@/lib/llm-judge/pairwise-prompt";
import { combinePasses, mapSecondPass, type PairVerdict, type PassVerdict } from "@/lib/llm-judge/position-swap";
import { askForJson, type Exchange } from "./ask-for-json";
import type { CallOptions } from "./call-chat";
import type { EndpointCredentials } from "./find-endpoint-credentials";
import type { PairToCompare } from "./find-pair-to-compare";

type Pass = { output: PairwiseOutput; exchanges: Exchange[] };
export type PairComparison = { verdict: PairVerdict; pass1: PassVerdict; pass2Mapped: PassVerdict; passes: [Pass, Pass]; model: string | null };

/**
 * Seed 001's pairwise comparison with position swap: pass 1 shows A first, pass 2 shows B
 * first; pass 2 is mapped back to the original labels and the two are combined.
 */
export async function comparePair(endpoint: EndpointCredentials, pair: PairToCompare, criteria: readonly JudgeCriterion[], options: CallOptions): Promise<PairComparison> {
  const first = await askForJson(endpoint, buildPairwiseMessages({ prompt: pair.prompt, first: pair.responseA, second: pair.responseB, criteria }), pairwiseOutputSchema, options);
  const second = await askForJson(endpoint, buildPairwiseMessages({ prompt: pair.prompt, first: pair.responseB, second: pair.responseA, criteria }), pairwiseOutputSchema, options);
  const pass1 = { winner: first.value.winner, confidence: first.value.confidence };
  const pass2Mapped = mapSecondPass({ winner: second.value.winner, confidence: second.value.confidence });
  return {
    verdict: combinePasses(pass1, pass2Mapped),
    pass1,
    pass2Mapped,
    passes: [
      { output: first.value, exchanges: first.exchanges },
      { output: second.value, exchanges: second.exchanges },
    ],
    model: second.model ?? first.model,
  };
}
