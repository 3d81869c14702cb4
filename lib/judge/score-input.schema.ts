// One turn to score: what `concord score` reads per line and what scoreTurn takes. The
// resonance fields are optional; when any is present the turn also gets resonance metrics.
import { z } from "zod";

export const scoreInputSchema = z.object({
  response: z.string(),
  seed_prompt: z.string(),
  persona_id: z.string(),
  persona_role: z.string(),
  tools_used: z.array(z.string()).optional(),
  facts_verified: z.int().nonnegative().optional(),
  facts_total: z.int().nonnegative().optional(),
  reproducible: z.boolean().optional(),
  external_references: z.array(z.string()).optional(),
});

export type ScoreInput = z.infer<typeof scoreInputSchema>;
