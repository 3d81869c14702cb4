import { z } from "zod";
import type { EdgeCase, RubricLevel } from "@/lib/rubric/rubric.schema";
import { askedLabels, type RubricRequest } from "./rubric-generation.schema";

// What the model is asked for, one shape per criterion type, within the limits the stored
// rubric accepts (lib/rubric/rubric.schema.ts) so a reviewed draft can be saved: ordinal
// levels in seed 001's shape ("score" per level); labels for binary, categorical and
// multi-label criteria; anchors at points of a numeric scale. Each is read into the
// rubric's own levels array, so the draft needs no further conversion.

/** A validated rubric from the model, in the stored rubric's terms. */
export type GeneratedRubric = { levels: RubricLevel[]; positive?: string; edgeCases: EdgeCase[]; guidelines: string[] };

/** What the admin asked for that the output must match. */
export type RubricShape = Pick<RubricRequest, "criterionType" | "levelCount" | "labels" | "positive" | "min" | "max">;

const line = (max: number) => z.string().trim().min(1).max(max, `at most ${max} characters`);
const described = {
  label: line(40),
  description: line(600),
  characteristics: z.array(line(300)).min(1, "list at least one characteristic").max(12),
};
const guidance = {
  edgeCases: z.array(z.object({ situation: line(300), guidance: line(600) })).min(1, "give at least one edge case").max(12),
  scoringGuidelines: z.array(line(400)).max(12).default([]),
};
type Issue = (path: (string | number)[], message: string) => void;

function checkDistinct(items: Array<{ label: string }>, key: string, issue: Issue): void {
  const labels = items.map((item) => item.label.toLowerCase());
  labels.forEach((label, index) => {
    if (labels.indexOf(label) !== index) issue([key, index, "label"], "two entries have this label");
  });
}

function ordinalSchema(levelCount: number) {
  return z
    .object({ levels: z.array(z.object({ score: z.number().int(), ...described })), ...guidance })
    .superRefine((rubric, context) => {
      const issue: Issue = (path, message) => context.addIssue({ code: "custom", path, message });
      if (rubric.levels.length !== levelCount) return issue(["levels"], `give exactly ${levelCount} levels, one per score 1…${levelCount}`);
      rubric.levels.forEach((level, index) => {
        if (level.score !== index + 1) issue(["levels", index, "score"], `expected score ${index + 1}`);
      });
      checkDistinct(rubric.levels, "levels", issue);
    })
    .transform(({ levels, edgeCases, scoringGuidelines }): GeneratedRubric => ({ levels: levels.map(({ score, ...level }) => ({ value: score, ...level })), edgeCases, guidelines: scoringGuidelines }));
}

function labelSchema(shape: RubricShape) {
  const isBinary = shape.criterionType === "binary";
  const asked = askedLabels(shape);
  return z
    .object({ labels: z.array(z.object(described)).max(10, "at most 10 labels"), positive: isBinary ? line(40) : z.undefined().optional(), ...guidance })
    .superRefine((rubric, context) => {
      const issue: Issue = (path, message) => context.addIssue({ code: "custom", path, message });
      const names = rubric.labels.map((label) => label.label);
      if (isBinary) {
        if (names.length !== 2) return issue(["labels"], "give exactly two labels, the positive one and its opposite");
        if (shape.positive && rubric.positive !== shape.positive) issue(["positive"], `the positive label must be "${shape.positive}"`);
        if (!names.includes(rubric.positive ?? "")) issue(["positive"], "the positive label must be one of the two labels");
      } else if (asked.length > 0) {
        if (names.length !== asked.length || names.some((name, index) => name !== asked[index])) return issue(["labels"], `give exactly these labels, in this order: ${asked.join(", ")}`);
      } else if (names.length < (shape.criterionType === "categorical" ? 2 : 1)) {
        return issue(["labels"], shape.criterionType === "categorical" ? "give at least two labels" : "give at least one label");
      }
      checkDistinct(rubric.labels, "labels", issue);
    })
    .transform(({ labels, positive, edgeCases, scoringGuidelines }): GeneratedRubric => ({
      levels: labels.map((label, index) => ({ value: index + 1, ...label })),
      ...(isBinary ? { positive } : {}),
      edgeCases,
      guidelines: scoringGuidelines,
    }));
}

function anchorSchema({ levelCount, min = 0, max = 10 }: RubricShape) {
  return z
    .object({ anchors: z.array(z.object({ value: z.number(), ...described })), ...guidance })
    .superRefine((rubric, context) => {
      const issue: Issue = (path, message) => context.addIssue({ code: "custom", path, message });
      const { anchors } = rubric;
      if (anchors.length !== levelCount) return issue(["anchors"], `give exactly ${levelCount} anchors`);
      if (anchors[0].value !== min) issue(["anchors", 0, "value"], `the first anchor is at ${min}`);
      if (anchors[anchors.length - 1].value !== max) issue(["anchors", anchors.length - 1, "value"], `the last anchor is at ${max}`);
      anchors.forEach((anchor, index) => {
        if (anchor.value < min || anchor.value > max) issue(["anchors", index, "value"], `an anchor lies on the scale, from ${min} to ${max}`);
        else if (index > 0 && anchor.value <= anchors[index - 1].value) issue(["anchors", index, "value"], "anchors go from low to high, each above the one before");
      });
      checkDistinct(anchors, "anchors", issue);
    })
    .transform(({ anchors, edgeCases, scoringGuidelines }): GeneratedRubric => ({ levels: anchors, edgeCases, guidelines: scoringGuidelines }));
}

/** What the model must return for a rubric of this shape. */
export function generatedRubricSchema(shape: RubricShape): z.ZodType<GeneratedRubric> {
  switch (shape.criterionType) {
    case "ordinal":
      return ordinalSchema(shape.levelCount);
    case "numeric":
      return anchorSchema(shape);
    case "binary":
    case "categorical":
    case "multilabel":
      return labelSchema(shape);
  }
}
