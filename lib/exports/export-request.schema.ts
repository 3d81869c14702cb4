import { z } from "zod";
import { scopeSchema } from "@/lib/agreement/scope.schema";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const text = z.preprocess(blankToUndefined, z.string().trim().max(200).optional());
const isoDate = z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD").optional());

/** `GET /api/v1/exports/labels?format=langfuse|label-studio&criterion=&persona=&from=&to=`. */
export const labelsExportQuerySchema = z.object({
  format: z.enum(["langfuse", "label-studio"], { message: "format must be langfuse or label-studio" }),
  criterion: text,
  persona: text,
  from: isoDate,
  to: isoDate,
});

/** `GET /api/v1/exports/agreement?judge=NAME&…scope`: every version of one judge. */
export const agreementExportQuerySchema = scopeSchema.safeExtend({
  judge: z.string({ error: "name the judge, e.g. judge=heuristic" }).trim().min(1, "name the judge, e.g. judge=heuristic").max(200),
});

export type LabelsExportQuery = z.infer<typeof labelsExportQuerySchema>;
