import { z } from "zod";

// An admin's adjudicated level for a disputed turn: one schema for the form and the
// server action. Levels run 1 … 4 (Poor … Excellent) on "overall"; other criteria and
// generic datasets may use up to 10 levels.

export const MAX_LEVEL = 10;

export const adjudicationSchema = z
  .object({
    turnId: z.coerce.number({ message: "Pick a turn" }).int().positive(),
    criterion: z.string().trim().min(1, "Name the criterion").max(200),
    level: z.coerce.number({ message: "Pick a level" }).int("Pick a level").min(1, "Pick a level").max(MAX_LEVEL),
    note: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(1000, "At most 1000 characters").optional()),
  })
  .superRefine((value, context) => {
    if (value.criterion === "overall" && value.level > 4) {
      context.addIssue({ code: "custom", path: ["level"], message: "The overall criterion has four levels" });
    }
  });

export type AdjudicationInput = z.infer<typeof adjudicationSchema>;
