import { z } from "zod";
import { optionalIsoDate, optionalText, scopeSchema } from "@/lib/agreement/scope.schema";

/** `GET /api/v1/exports/labels?format=langfuse|label-studio&criterion=&persona=&from=&to=`. */
export const labelsExportQuerySchema = z.object({
  format: z.enum(["langfuse", "label-studio"], { message: "format must be langfuse or label-studio" }),
  criterion: optionalText,
  persona: optionalText,
  from: optionalIsoDate,
  to: optionalIsoDate,
});

/** `GET /api/v1/exports/agreement?judge=NAME&…scope`: every version of one judge. */
export const agreementExportQuerySchema = scopeSchema.safeExtend({
  judge: z.string({ error: "name the judge, e.g. judge=heuristic" }).trim().min(1, "name the judge, e.g. judge=heuristic").max(200),
});

export type LabelsExportQuery = z.infer<typeof labelsExportQuerySchema>;
