// Query parameters of POST /api/import/native (the import page's "From another tool"): the
// tool (or auto), the judge's name, and dry_run for the preview before storing.
import { z } from "zod";
import { SOURCE_NAMES } from "./source-values";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "");

export const nativeQuerySchema = z.object({
  from: z.enum([...SOURCE_NAMES, "auto"]).default("auto"),
  judge_name: z.string().trim().min(1).max(100).optional(),
  file_name: z.string().max(500).optional(),
  dry_run: flag,
  replace: flag,
});

export type NativeQuery = z.infer<typeof nativeQuerySchema>;
