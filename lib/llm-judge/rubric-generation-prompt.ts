import type { ChatMessage } from "./chat";
import { askedLabels, STRICTNESS_LABELS, type RubricRequest } from "./rubric-generation.schema";

type PromptRequest = Omit<RubricRequest, "endpointId">;
type TypedPart = { task: string; scale: string[]; describe: string; format: string };

const LABEL = '{"label":"…","description":"…","characteristics":["…"]}';
const GUIDANCE = '"edgeCases":[{"situation":"…","guidance":"…"}],"scoringGuidelines":["…"]';

function labelsPart(request: PromptRequest): Pick<TypedPart, "scale" | "describe"> {
  const asked = askedLabels(request);
  if (asked.length > 0) return { scale: [`Labels: ${asked.join(", ")}`], describe: "Describe exactly the labels given, with the same spelling and in the same order" };
  return { scale: ["Labels: propose 3-6 that cover the cases"], describe: "Propose labels that are distinct and together cover the responses to expect" };
}

// What changes with the criterion's type: the task, the scale and the output's shape.
function typedPart(request: PromptRequest): TypedPart {
  switch (request.criterionType) {
    case "ordinal":
      return {
        task: `Write a scoring rubric for one evaluation criterion on a 1-${request.levelCount} scale.`,
        scale: [`Scale: 1-${request.levelCount}`],
        describe: "One level per score, from 1 (worst) to the highest, each with a short label and a description whose boundaries do not overlap with its neighbours",
        format: `{"levels":[{"score":1,"label":"…","description":"…","characteristics":["…"]}, … one per score up to ${request.levelCount}],${GUIDANCE}}`,
      };
    case "binary": {
      const positive = request.positive ? `"${request.positive}"` : "a name you choose (e.g. Pass)";
      return {
        task: "Write a rubric for one pass/fail evaluation criterion: a response gets exactly one of two labels.",
        scale: ["Type: binary", `Positive label: ${positive}`],
        describe: `Exactly two labels, the positive one (${positive}) and its opposite, each with a description that makes the boundary between them clear`,
        format: `{"labels":[${LABEL},${LABEL}],"positive":"<the positive label>",${GUIDANCE}}`,
      };
    }
    case "categorical":
      return {
        task: "Write a rubric for one classification criterion: a response gets exactly one of the labels.",
        scale: ["Type: categorical (one label per response)", ...labelsPart(request).scale],
        describe: `${labelsPart(request).describe}; each label's description must not overlap with the others'`,
        format: `{"labels":[${LABEL}, … one per label],${GUIDANCE}}`,
      };
    case "multilabel":
      return {
        task: "Write a rubric for one multi-label criterion: a response can carry any number of the labels, or none.",
        scale: ["Type: multi-label (any subset of the labels applies)", ...labelsPart(request).scale],
        describe: `${labelsPart(request).describe}; each label's description says when it applies, independently of the others`,
        format: `{"labels":[${LABEL}, … one per label],${GUIDANCE}}`,
      };
    case "numeric":
      return {
        task: `Write a rubric for one evaluation criterion scored as a number from ${request.min} to ${request.max}.`,
        scale: ["Type: numeric", `Range: ${request.min} to ${request.max}`, `Anchors: ${request.levelCount}`],
        describe: `${request.levelCount} anchors at points of the scale, increasing, the first at ${request.min} and the last at ${request.max}, each with a short label and a description of a response that deserves that value`,
        format: `{"anchors":[{"value":${request.min},"label":"…","description":"…","characteristics":["…"]}, … ${request.levelCount} anchors in all, the last with "value":${request.max}],${GUIDANCE}}`,
      };
  }
}

/**
 * Seed 001's rubric generation: level descriptions with clear boundaries, observable
 * characteristics per level, edge-case guidance and scoring guidelines, calibrated to a
 * strictness and written in the domain's own terms; levels, labels or anchors by the
 * criterion's type.
 */
export function buildRubricGenerationMessages(request: PromptRequest): ChatMessage[] {
  const part = typedPart(request);
  const user = [
    "## Task",
    part.task,
    "",
    "## Criterion",
    `Name: ${request.criterionName}`,
    `Description: ${request.criterionDescription}`,
    `Domain: ${request.domain}`,
    ...part.scale,
    `Strictness: ${STRICTNESS_LABELS[request.strictness]}`,
    "",
    "## Requirements",
    `1. ${part.describe}.`,
    "2. For each, 2-4 observable characteristics a reviewer can check in the text.",
    "3. Edge cases: ambiguous situations with explicit guidance on how to score them.",
    "4. General scoring guidelines for consistent application.",
    "5. Use the terminology of the domain; measure only this criterion, nothing else.",
    "",
    "## Output Format",
    "Respond with only this JSON object:",
    part.format,
  ].join("\n");
  return [
    { role: "system", content: "You are an expert in evaluation design who writes precise, domain-specific scoring rubrics. You reply with a single JSON object and nothing else." },
    { role: "user", content: user },
  ];
}
