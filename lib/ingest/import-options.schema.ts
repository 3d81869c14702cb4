// Options of an import, shared by the CLI flags, the API's and the import page's query
// parameters, and the page's form.
import { z } from "zod";
import { criterionDeclarationsSchema, formatCriterionDeclaration } from "./criterion-type.schema";
import { sessionIdSchema } from "./log-record.schema";

const fieldName = z.string().trim().min(1, "must not be empty").max(200);

export const logImportOptionsSchema = z.object({
  /** The session's id for lines that name none (SPEC §2: "given at import time"). */
  sessionId: sessionIdSchema.optional(),
  /** The seed prompt for sessions whose log names none (the judge needs it for completeness). */
  seedPrompt: z.string().max(100_000).optional(),
  /** Replace a stored session of the same id whose content differs, instead of refusing. */
  replace: z.boolean().default(false),
});

/**
 * Field names of a generic judge-vs-human dataset. A human field ending in `*` stands for every
 * field starting with what precedes it (`human_*` → human_1, human_2, …). Without any, the
 * dataset's `human_score` is used, or else every field starting with `human_`.
 */
export const genericFieldsSchema = z.object({
  itemField: fieldName.default("item_id"),
  textField: fieldName.default("text"),
  groupField: fieldName.default("group_id"),
  dimensionField: fieldName.default("dimension"),
  judgeField: fieldName.default("judge_score"),
  humanFields: z.array(fieldName).min(1).optional(),
  annotatorField: fieldName.default("annotator"),
  /** Judge name after "imported:"; the file name by default. */
  judgeName: z.string().trim().min(1).max(100).optional(),
  /** The judge's confidence (0–1) in its answer, kept for label criteria. */
  confidenceField: fieldName.optional(),
  /** The model that generated each item's text, when the rows have this field (self-enhancement check). */
  generatorModelField: fieldName.default("generator_model"),
  /** The judge's own model (e.g. "gpt-4o-mini"), kept on the judge for the self-enhancement check. */
  judgeModel: z.string().trim().min(1).max(200).optional(),
  /** `NAME=TYPE[:…]` per criterion (criterion-type.schema.ts); the others are inferred from the data. */
  criterionTypes: criterionDeclarationsSchema.optional(),
});

export type LogImportOptions = z.infer<typeof logImportOptionsSchema>;
export type GenericFields = z.infer<typeof genericFieldsSchema>;
export type GenericFieldsInput = z.input<typeof genericFieldsSchema>;

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "");

/** Query parameters of POST /api/v1/sessions and POST /api/import (snake_case, as URLs write them). */
export const importQuerySchema = z.object({
  replace: flag,
  generic: flag,
  session_id: sessionIdSchema.optional(),
  seed_prompt: z.string().max(100_000).optional(),
  file_name: z.string().max(500).optional(),
  item_field: fieldName.optional(),
  text_field: fieldName.optional(),
  group_field: fieldName.optional(),
  dimension_field: fieldName.optional(),
  judge_field: fieldName.optional(),
  human_field: z.array(fieldName).optional(),
  annotator_field: fieldName.optional(),
  judge_name: z.string().trim().min(1).max(100).optional(),
  confidence_field: fieldName.optional(),
  generator_model_field: fieldName.optional(),
  judge_model: z.string().trim().min(1).max(200).optional(),
  criterion_type: z.array(z.string().max(10_000)).optional(),
  /** Validate and report what would be stored (counts, criterion types), then store nothing. */
  dry_run: z
    .enum(["true", "false", "1", "0", ""])
    .transform((value) => value === "true" || value === "1" || value === "")
    .optional(),
});

export type ImportQuery = z.infer<typeof importQuerySchema>;

const REPEATED = new Set(["human_field", "criterion_type"]);

/** URLSearchParams as the object importQuerySchema reads: human_field and criterion_type may repeat, absent flags stay absent. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    result[key] = REPEATED.has(key) ? params.getAll(key) : (params.get(key) ?? "");
  }
  return result;
}

/** The generic fields of the query, or the problems with them (a bad criterion_type). */
export function genericFieldsFromQuery(query: ImportQuery): { fields: GenericFields } | { problems: { line: null; path: string; message: string }[] } {
  const parsed = genericFieldsSchema.safeParse({
    itemField: query.item_field,
    textField: query.text_field,
    groupField: query.group_field,
    dimensionField: query.dimension_field,
    judgeField: query.judge_field,
    humanFields: query.human_field && query.human_field.length > 0 ? query.human_field : undefined,
    annotatorField: query.annotator_field,
    judgeName: query.judge_name,
    confidenceField: query.confidence_field,
    generatorModelField: query.generator_model_field,
    judgeModel: query.judge_model,
    criterionTypes: query.criterion_type && query.criterion_type.length > 0 ? query.criterion_type : undefined,
  });
  if (parsed.success) return { fields: parsed.data };
  return { problems: parsed.error.issues.map((issue) => ({ line: null, path: `?${QUERY_NAMES[String(issue.path[0])] ?? String(issue.path[0] ?? "")}`, message: issue.message })) };
}

const QUERY_NAMES: Record<string, string> = { criterionTypes: "criterion_type", confidenceField: "confidence_field" };

/** The query parameters of an import request, or the problems with them (path = the parameter). */
export function readImportQuery(params: URLSearchParams): { query: ImportQuery } | { problems: { line: null; path: string; message: string }[] } {
  const parsed = importQuerySchema.safeParse(searchParamsObject(params));
  if (parsed.success) return { query: parsed.data };
  return { problems: parsed.error.issues.map((issue) => ({ line: null, path: `?${String(issue.path[0] ?? "")}`, message: issue.message })) };
}

/** What the import page sends: the query string for POST /api/import (the inverse of readImportQuery). */
export function importSearchParams(options: {
  replace: boolean;
  sessionId?: string;
  seedPrompt?: string;
  fileName?: string;
  generic?: GenericFields | null;
  isDryRun?: boolean;
}): URLSearchParams {
  const params = new URLSearchParams();
  if (options.replace) params.set("replace", "true");
  if (options.sessionId) params.set("session_id", options.sessionId);
  if (options.fileName) params.set("file_name", options.fileName);
  if (options.generic) {
    const g = options.generic;
    params.set("generic", "true");
    const named: [string, string | undefined][] = [
      ["item_field", g.itemField],
      ["text_field", g.textField],
      ["group_field", g.groupField],
      ["dimension_field", g.dimensionField],
      ["judge_field", g.judgeField],
      ["annotator_field", g.annotatorField],
      ["judge_name", g.judgeName],
      ["confidence_field", g.confidenceField],
      ["generator_model_field", g.generatorModelField === "generator_model" ? undefined : g.generatorModelField],
      ["judge_model", g.judgeModel],
    ];
    for (const [key, value] of named) if (value) params.set(key, value);
    for (const field of g.humanFields ?? []) params.append("human_field", field);
    for (const declaration of g.criterionTypes ?? []) params.append("criterion_type", formatCriterionDeclaration(declaration));
    if (options.isDryRun) params.set("dry_run", "true");
  } else if (options.seedPrompt) {
    params.set("seed_prompt", options.seedPrompt);
  }
  return params;
}
