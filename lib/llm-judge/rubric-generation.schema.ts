import { z } from "zod";
import { criterionKeySchema, criterionSchema, CRITERION_TYPES, MAX_LEVELS, OVERALL_CRITERION, STRICTNESS_LEVELS, type Criterion, type RubricContent, type Strictness } from "@/lib/rubric/rubric.schema";
import { blankToUndefined, optionalText } from "./form-fields";
import type { GeneratedRubric } from "./generated-rubric.schema";

export const STRICTNESS = STRICTNESS_LEVELS;
export type { Strictness };

export const STRICTNESS_LABELS: Record<Strictness, string> = {
  lenient: "Lenient — a lower bar for passing levels, to encourage iteration",
  balanced: "Balanced — fair, typical expectations for production use",
  strict: "Strict — high standards, for safety-critical or high-stakes evaluation",
};

// Labels arrive comma-separated from the form, or as an array from code.
const labelList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").map((label) => label.trim()).filter(Boolean) : (value ?? [])),
  z.array(z.string().trim().min(1).max(40, "A label has at most 40 characters")).max(MAX_LEVELS, `At most ${MAX_LEVELS} labels`),
);
const optionalNumber = z.preprocess(blankToUndefined, z.coerce.number({ message: "Enter a number" }).optional());

/** The rubric-generation form (seed 001, "Generazione Rubriche"), shared by page and action. */
export const rubricRequestSchema = z
  .object({
    endpointId: z.coerce.number({ message: "Choose an endpoint" }).int().positive("Choose an endpoint"),
    criterionKey: z.string().trim().pipe(criterionKeySchema),
    criterionName: z.string().trim().min(1, "Name the criterion").max(80, "At most 80 characters"),
    criterionDescription: z.string().trim().min(1, "Say what the criterion measures").max(600, "At most 600 characters"),
    domain: z.string().trim().min(1, "Name the domain (e.g. philosophical dialogue)").max(200),
    criterionType: z.enum(CRITERION_TYPES, { message: "Choose a type" }).default("ordinal"),
    /** Ordinal: the number of levels; numeric: the number of anchors on the scale. */
    levelCount: z.coerce.number().int().min(3, "At least 3 levels").max(5, "At most 5 levels").default(4),
    /** Categorical and multi-label: the labels to describe; empty lets the model propose them. */
    labels: labelList,
    /** Binary: the positive label; empty lets the model name it. */
    positive: optionalText(40),
    min: optionalNumber,
    max: optionalNumber,
    strictness: z.enum(STRICTNESS, { message: "Choose lenient, balanced or strict" }).default("balanced"),
  })
  .superRefine((request, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (request.criterionKey === OVERALL_CRITERION && request.criterionType !== "ordinal") issue("criterionType", "Overall quality is an ordinal scale");
    if (request.criterionType === "categorical" && request.labels.length === 1) issue("labels", "List at least two labels, or none to let the model propose them");
    const lowered = request.labels.map((label) => label.toLowerCase());
    if (lowered.some((label, index) => lowered.indexOf(label) !== index)) issue("labels", "Two labels are the same");
    if (request.criterionType !== "numeric") return;
    if (request.min === undefined) issue("min", "Give the lowest value");
    if (request.max === undefined) issue("max", "Give the highest value");
    if (request.min !== undefined && request.max !== undefined && request.min >= request.max) issue("max", "The highest value must be above the lowest");
  });
export type RubricRequest = z.infer<typeof rubricRequestSchema>;

/** Labels the admin listed, which the model must use as given (categorical and multi-label only). */
export function askedLabels(request: Pick<RubricRequest, "criterionType" | "labels">): string[] {
  return request.criterionType === "categorical" || request.criterionType === "multilabel" ? request.labels : [];
}

/** A generated rubric for review: the criterion as the stored rubric holds it, where it came from, and the labels asked for. */
export type RubricDraft = { criterion: Criterion; domain: string; endpointId: number; askedLabels: string[] };

export function toRubricDraft(request: RubricRequest, rubric: GeneratedRubric): RubricDraft {
  const type = request.criterionType;
  const criterion = criterionSchema.parse({
    key: request.criterionKey,
    name: request.criterionName,
    description: request.criterionDescription,
    strictness: request.strictness,
    guidelines: rubric.guidelines,
    type,
    levels: rubric.levels,
    ...(type === "binary" ? { positive: rubric.positive } : {}),
    ...(type === "numeric" ? { min: request.min, max: request.max } : {}),
    edgeCases: rubric.edgeCases,
    personas: [],
    isRequired: request.criterionKey === OVERALL_CRITERION,
  });
  return { criterion, domain: request.domain, endpointId: request.endpointId, askedLabels: askedLabels(request) };
}

/** The rubric with this criterion added, or put in place of the criterion with its key. */
export function withCriterion(content: RubricContent, criterion: Criterion): RubricContent {
  const index = content.criteria.findIndex((existing) => existing.key === criterion.key);
  const criteria = index >= 0 ? content.criteria.map((existing, position) => (position === index ? criterion : existing)) : [...content.criteria, criterion];
  return { ...content, criteria };
}

/** The save form: the reviewed criterion (as JSON) and a note for the version history. */
export const saveDraftSchema = z.object({
  criterion: z.string().transform((text, context) => {
    try {
      return criterionSchema.parse(JSON.parse(text));
    } catch {
      context.addIssue({ code: "custom", message: "The criterion is not valid rubric JSON" });
      return z.NEVER;
    }
  }),
  note: z.string().trim().min(1, "Say what changed, for the version history").max(300, "At most 300 characters"),
  personas: z
    .string()
    .trim()
    .max(400)
    .default("")
    .transform((text) => text.split(",").map((persona) => persona.trim()).filter(Boolean)),
});
