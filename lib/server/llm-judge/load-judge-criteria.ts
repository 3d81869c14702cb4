import "server-only";
import { fromRubricCriterion, type JudgeCriterion } from "@/lib/llm-judge/criteria";
import type { CriterionText } from "@/lib/llm-judge/typed-prompt";
import { OVERALL_CRITERION } from "@/lib/rubric/rubric.schema";
import { getActiveRubric } from "../rubrics/get-active-rubric";

export type CriteriaSource = { kind: "rubric"; rubricVersionId: number; version: number };

/**
 * The criteria the LLM judge scores against: the "overall" criterion (the four quality
 * levels) of the active rubric version, which raters rate against too, so judge and human
 * levels mean the same. The one place to change to score further criteria on levels.
 * `texts` describe the rubric's criteria for those answered by label or number.
 */
export async function loadJudgeCriteria(): Promise<{ criteria: JudgeCriterion[]; texts: CriterionText[]; source: CriteriaSource }> {
  const rubric = await getActiveRubric();
  const overall = rubric.content.criteria.find((criterion) => criterion.key === OVERALL_CRITERION)!;
  const texts = rubric.content.criteria.map(({ key, name, description, edgeCases, guidelines, levels }) => ({
    key,
    name,
    description,
    edgeCases,
    guidelines,
    labelDescriptions: levels.map(({ label, description: meaning }) => ({ label, description: meaning })),
  }));
  return { criteria: [fromRubricCriterion(overall)], texts, source: { kind: "rubric", rubricVersionId: rubric.versionId, version: rubric.version } };
}
