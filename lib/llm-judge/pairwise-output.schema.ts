import { z } from "zod";

export const PASS_WINNERS = ["A", "B", "TIE"] as const;
export type PassWinner = (typeof PASS_WINNERS)[number];

// Models write "tie", "Tie" or "a" as often as the exact token; the case carries no meaning.
const winnerSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(PASS_WINNERS, { message: 'winner must be "A", "B" or "TIE"' }));

/** One pass of a pairwise comparison as the model returns it. */
export const pairwiseOutputSchema = z.object({
  analysis: z.object({ A: z.string(), B: z.string() }).partial().optional(),
  comparison: z.array(z.object({ criterion: z.string(), winner: winnerSchema, reasoning: z.string().default("") })).default([]),
  reasoning: z.string().trim().min(1, "give the reasoning"),
  winner: winnerSchema,
  confidence: z.number().min(0, "confidence is between 0 and 1").max(1, "confidence is between 0 and 1"),
});

export type PairwiseOutput = z.infer<typeof pairwiseOutputSchema>;
