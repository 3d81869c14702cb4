import { z } from "zod";
import { QUALITY_LEVELS } from "@/lib/thresholds/levels";

/** An admin's gold item: a turn of the queue and the overall level people agreed on. */
export const goldItemFormSchema = z.object({
  turnId: z.coerce.number({ message: "Enter a turn id" }).int("Enter a turn id").positive("Enter a turn id"),
  level: z.coerce.number({ message: "Pick the agreed level" }).int().min(1, "Pick the agreed level").max(QUALITY_LEVELS.length, "Pick the agreed level"),
  note: z
    .string()
    .trim()
    .max(500, "At most 500 characters")
    .optional()
    .transform((text) => (text ? text : null)),
});

export const goldItemIdSchema = z.object({ id: z.coerce.number().int().positive() });
