import "server-only";
import { fromRubricCriterion, type JudgeCriterion } from "@/lib/llm-judge/criteria";
import { OVERALL_CRITERION } from "@/lib/rubric/rubric.schema";
import { getActiveRubric } from "../rubrics/get-active-rubric";

export type CriteriaSource = { kind: "rubric"; rubricVersionId: number; version: number };

/**
 * The criteria the LLM judge scores against: the "overall" criterion (the four quality
 * levels) of the active rubric version, which raters rate against too, so judge and human
 * levels mean the same. The one place to change to score further criteria.
 */
export async function loadJudgeCriteria(): Promise<{ criteria: JudgeCriterion[]; source: CriteriaSource }> {
  const rubric = await getActiveRubric();
  const overall = rubric.content.criteria.find((criterion) => criterion.key === OVERALL_CRITERION)!;
  return { criteria: [fromRubricCriterion(overall)], source: { kind: "rubric", rubricVersionId: rubric.versionId, version: rubric.version } };
}
