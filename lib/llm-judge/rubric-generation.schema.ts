import { z } from "zod";
import { criterionKeySchema, criterionSchema, OVERALL_CRITERION, STRICTNESS_LEVELS, type Criterion, type RubricContent, type Strictness } from "@/lib/rubric/rubric.schema";

export const STRICTNESS = STRICTNESS_LEVELS;
export type { Strictness };

export const STRICTNESS_LABELS: Record<Strictness, string> = {
  lenient: "Lenient — a lower bar for passing levels, to encourage iteration",
  balanced: "Balanced — fair, typical expectations for production use",
  strict: "Strict — high standards, for safety-critical or high-stakes evaluation",
};

/** The rubric-generation form (seed 001, "Generazione Rubriche"), shared by page and action. */
export const rubricRequestSchema = z.object({
  endpointId: z.coerce.number({ message: "Choose an endpoint" }).int().positive("Choose an endpoint"),
  criterionKey: z.string().trim().pipe(criterionKeySchema),
  criterionName: z.string().trim().min(1, "Name the criterion").max(80, "At most 80 characters"),
  criterionDescription: z.string().trim().min(1, "Say what the criterion measures").max(600, "At most 600 characters"),
  domain: z.string().trim().min(1, "Name the domain (e.g. philosophical dialogue)").max(200),
  levelCount: z.coerce.number().int().min(3, "At least 3 levels").max(5, "At most 5 levels").default(4),
  strictness: z.enum(STRICTNESS, { message: "Choose lenient, balanced or strict" }).default("balanced"),
});
export type RubricRequest = z.infer<typeof rubricRequestSchema>;

// What the model is asked for, in seed 001's shape ("score" per level), within the limits
// the stored rubric accepts (lib/rubric/rubric.schema.ts) so a reviewed draft can be saved.
const line = (max: number) => z.string().trim().min(1).max(max, `at most ${max} characters`);

/** What the model returns: ordered levels, edge cases and scoring guidelines. */
export function generatedRubricSchema(levelCount: number) {
  return z
    .object({
      levels: z.array(
        z.object({
          score: z.number().int(),
          label: line(40),
          description: line(600),
          characteristics: z.array(line(300)).min(1, "list at least one characteristic").max(12),
        }),
      ),
      edgeCases: z.array(z.object({ situation: line(300), guidance: line(600) })).min(1, "give at least one edge case").max(12),
      scoringGuidelines: z.array(line(400)).max(12).default([]),
    })
    .superRefine((rubric, context) => {
      if (rubric.levels.length !== levelCount) {
        context.addIssue({ code: "custom", path: ["levels"], message: `give exactly ${levelCount} levels, one per score 1…${levelCount}` });
        return;
      }
      rubric.levels.forEach((level, index) => {
        if (level.score !== index + 1) context.addIssue({ code: "custom", path: ["levels", index, "score"], message: `expected score ${index + 1}` });
      });
      const labels = rubric.levels.map((level) => level.label.toLowerCase());
      labels.forEach((label, index) => {
        if (labels.indexOf(label) !== index) context.addIssue({ code: "custom", path: ["levels", index, "label"], message: "two levels have this label" });
      });
    });
}
export type GeneratedRubric = z.infer<ReturnType<typeof generatedRubricSchema>>;

/** A generated rubric for review: the criterion as the stored rubric holds it, and where it came from. */
export type RubricDraft = { criterion: Criterion; domain: string; endpointId: number };

export function toRubricDraft(request: RubricRequest, rubric: GeneratedRubric): RubricDraft {
  const criterion = criterionSchema.parse({
    key: request.criterionKey,
    name: request.criterionName,
    description: request.criterionDescription,
    strictness: request.strictness,
    guidelines: rubric.scoringGuidelines,
    levels: rubric.levels.map(({ score, ...level }) => ({ value: score, ...level })),
    edgeCases: rubric.edgeCases,
    personas: [],
    isRequired: request.criterionKey === OVERALL_CRITERION,
  });
  return { criterion, domain: request.domain, endpointId: request.endpointId };
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
