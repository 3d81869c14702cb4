import type { ChatMessage } from "./chat";
import { STRICTNESS_LABELS, type RubricRequest } from "./rubric-generation.schema";

/**
 * Seed 001's rubric generation: level descriptions with clear boundaries, observable
 * characteristics per level, edge-case guidance and scoring guidelines, calibrated to a
 * strictness and written in the domain's own terms.
 */
export function buildRubricGenerationMessages(request: Omit<RubricRequest, "endpointId">): ChatMessage[] {
  const user = [
    "## Task",
    `Write a scoring rubric for one evaluation criterion on a 1-${request.levelCount} scale.`,
    "",
    "## Criterion",
    `Name: ${request.criterionName}`,
    `Description: ${request.criterionDescription}`,
    `Domain: ${request.domain}`,
    `Scale: 1-${request.levelCount}`,
    `Strictness: ${STRICTNESS_LABELS[request.strictness]}`,
    "",
    "## Requirements",
    "1. One level per score, from 1 (worst) to the highest, each with a short label and a description whose boundaries do not overlap with its neighbours.",
    "2. For each level, 2-4 observable characteristics a reviewer can check in the text.",
    "3. Edge cases: ambiguous situations with explicit guidance on how to score them.",
    "4. General scoring guidelines for consistent application.",
    "5. Use the terminology of the domain; measure only this criterion, nothing else.",
    "",
    "## Output Format",
    "Respond with only this JSON object:",
    `{"levels":[{"score":1,"label":"…","description":"…","characteristics":["…"]}, … one per score up to ${request.levelCount}],"edgeCases":[{"situation":"…","guidance":"…"}],"scoringGuidelines":["…"]}`,
  ].join("\n");
  return [
    { role: "system", content: "You are an expert in evaluation design who writes precise, domain-specific scoring rubrics. You reply with a single JSON object and nothing else." },
    { role: "user", content: user },
  ];
}
