// A criterion's type (issue #18): how its values are read, stored and compared. Ordinal
// criteria hold integer levels, numeric ones a number within a range, binary and categorical
// ones one label, multi-label ones a set of labels. Written once here for the CLI flag, the
// import page and the API's query parameters.
import { z } from "zod";

export const CRITERION_TYPE_NAMES = ["ordinal", "binary", "categorical", "multilabel", "numeric"] as const;
export type CriterionTypeName = (typeof CRITERION_TYPE_NAMES)[number];

/** Label criteria: their values are stored as ratings.label / ratings.labels and judge_labels. */
export function isLabelType(type: CriterionTypeName): boolean {
  return type === "binary" || type === "categorical" || type === "multilabel";
}

const label = z.string().trim().min(1, "a label must not be empty").max(200);
const isDistinct = (labels: readonly string[]) => new Set(labels).size === labels.length;

export const criterionTypeSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ordinal") }),
  z
    .object({ type: z.literal("binary"), labels: z.tuple([label, label]), positive: label })
    .refine((t) => t.labels[0] !== t.labels[1], "the two labels must differ")
    .refine((t) => t.positive === t.labels[1], "labels are [negative, positive]"),
  z
    .object({ type: z.literal("categorical"), labels: z.array(label).min(2, "a categorical criterion needs at least 2 labels") })
    .refine((t) => isDistinct(t.labels), "labels must be distinct"),
  z
    .object({ type: z.literal("multilabel"), labels: z.array(label).min(1, "a multi-label criterion needs at least 1 label") })
    .refine((t) => isDistinct(t.labels), "labels must be distinct"),
  z.object({ type: z.literal("numeric"), min: z.number(), max: z.number() }).refine((t) => t.min < t.max, "min must be below max"),
]);

export type CriterionType = z.infer<typeof criterionTypeSchema>;

/**
 * `NAME=TYPE` as declared on the command line or the import page. What the declaration leaves
 * open (labels, positive, range) is taken from the data.
 */
export type CriterionDeclaration = {
  criterion: string;
  type: CriterionTypeName;
  /** categorical/multilabel: the labels in order; binary: [negative, positive]. */
  labels: string[] | null;
  positive: string | null;
  range: { min: number; max: number } | null;
};

/**
 * Reads `NAME=TYPE`, `NAME=categorical:a,b,c`, `NAME=multilabel:a,b`, `NAME=binary:pass`
 * (the positive label), `NAME=binary:fail,pass` ([negative, positive]) or `NAME=numeric:0:10`.
 */
export function parseCriterionDeclaration(text: string): { declaration: CriterionDeclaration } | { error: string } {
  const at = text.indexOf("=");
  const criterion = at < 0 ? "" : text.slice(0, at).trim();
  if (at < 0 || criterion === "") return { error: `expected NAME=TYPE, got "${text}"` };
  const rest = text.slice(at + 1).trim();
  const colon = rest.indexOf(":");
  const type = (colon < 0 ? rest : rest.slice(0, colon)).trim();
  const spec = colon < 0 ? null : rest.slice(colon + 1).trim();
  if (!(CRITERION_TYPE_NAMES as readonly string[]).includes(type)) {
    return { error: `unknown type "${type}" for criterion "${criterion}" (one of ${CRITERION_TYPE_NAMES.join(", ")})` };
  }
  const declaration: CriterionDeclaration = { criterion, type: type as CriterionTypeName, labels: null, positive: null, range: null };
  if (spec === null) return { declaration };
  if (spec === "") return { error: `nothing after "${type}:" for criterion "${criterion}"` };
  const labels = spec.split(",").map((part) => part.trim());
  if (labels.some((part) => part === "")) return { error: `an empty label in "${spec}" for criterion "${criterion}"` };
  if (new Set(labels).size !== labels.length) return { error: `a label repeats in "${spec}" for criterion "${criterion}"` };
  switch (declaration.type) {
    case "ordinal":
      return { error: `ordinal takes no labels (criterion "${criterion}")` };
    case "binary":
      if (labels.length > 2) return { error: `binary takes the positive label, or negative,positive (criterion "${criterion}")` };
      return { declaration: { ...declaration, positive: labels.at(-1)!, labels: labels.length === 2 ? labels : null } };
    case "categorical":
      if (labels.length < 2) return { error: `categorical needs at least 2 labels (criterion "${criterion}")` };
      return { declaration: { ...declaration, labels } };
    case "multilabel":
      return { declaration: { ...declaration, labels } };
    case "numeric": {
      const bounds = /^(-?[\d.]+(?:e-?\d+)?):(-?[\d.]+(?:e-?\d+)?)$/i.exec(spec);
      const [min, max] = bounds ? [Number(bounds[1]), Number(bounds[2])] : [NaN, NaN];
      if (!Number.isFinite(min) || !Number.isFinite(max) || min >= max) {
        return { error: `numeric takes MIN:MAX with MIN below MAX, got "${spec}" (criterion "${criterion}")` };
      }
      return { declaration: { ...declaration, range: { min, max } } };
    }
  }
}

/** The declaration as text again, the inverse of parseCriterionDeclaration. */
export function formatCriterionDeclaration(declaration: CriterionDeclaration): string {
  const { criterion, type, labels, positive, range } = declaration;
  const spec = range ? `${range.min}:${range.max}` : labels ? labels.join(",") : positive;
  return spec === null ? `${criterion}=${type}` : `${criterion}=${type}:${spec}`;
}

/** One `NAME=TYPE` text, read into a declaration (the issue names the text). */
export const criterionDeclarationSchema = z
  .string()
  .max(10_000)
  .transform((text, ctx) => {
    const parsed = parseCriterionDeclaration(text);
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed.declaration;
  });

/** Several declarations: one per criterion (the same one twice is allowed, two different ones are not). */
export const criterionDeclarationsSchema = z
  .array(criterionDeclarationSchema)
  .superRefine((declarations, ctx) => {
    const seen = new Map<string, string>();
    for (const declaration of declarations) {
      const key = JSON.stringify(declaration);
      const earlier = seen.get(declaration.criterion);
      if (earlier !== undefined && earlier !== key) {
        ctx.addIssue({ code: "custom", message: `criterion "${declaration.criterion}" is declared twice with different types` });
      }
      seen.set(declaration.criterion, key);
    }
  })
  .transform((declarations) => [...new Map(declarations.map((d) => [d.criterion, d])).values()]);

/** "binary [fail, pass] positive pass", "numeric 0–10", "ordinal". */
export function describeCriterionType(type: CriterionType): string {
  switch (type.type) {
    case "ordinal":
      return "ordinal";
    case "binary":
      return `binary [${type.labels.join(", ")}] positive ${type.positive}`;
    case "categorical":
    case "multilabel":
      return `${type.type} [${type.labels.join(", ")}]`;
    case "numeric":
      return `numeric ${type.min}–${type.max}`;
  }
}
