import { z } from "zod";

/** `GET /api/agreement/export?what=pairs|figures&format=csv|json&…scope`. */
export const exportRequestSchema = z.object({
  what: z.enum(["pairs", "figures"], { message: "what must be pairs or figures" }),
  format: z.enum(["csv", "json"], { message: "format must be csv or json" }),
});

export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** A file name for an export: agreement-pairs-heuristic-v1.csv. */
export function exportFileName(request: ExportRequest, judge: { name: string; version: string } | null): string {
  const slug = (judge ? `${judge.name}-${judge.version}` : "no-judge").replace(/[^A-Za-z0-9._-]+/g, "-");
  return `agreement-${request.what}-${slug}.${request.format}`;
}
