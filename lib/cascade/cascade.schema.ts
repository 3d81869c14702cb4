import { z } from "zod";
import { blankToUndefined } from "@/lib/llm-judge/form-fields";
import { DEFAULT_TOLERANCE } from "./propose-band";

// A cascade judge (seed 001, hierarchical evaluation), written once for the settings form,
// the server action, the proposal route and the demo.

type JudgeRef = { id: number; name: string; version: string };

/** What judges.config holds for a cascade. */
export type CascadeConfig = {
  cascade: { screener: JudgeRef; strong: JudgeRef; cutoff: number; below: number; above: number; tolerance: number };
};

export function isCascadeConfig(config: unknown): config is CascadeConfig {
  const cascade = (config as CascadeConfig | null)?.cascade;
  return Boolean(cascade && cascade.screener && cascade.strong && Number.isFinite(cascade.cutoff) && Number.isFinite(cascade.below) && Number.isFinite(cascade.above));
}

const judgeId = (what: string) => z.preprocess(blankToUndefined, z.coerce.number({ message: `Choose the ${what}` }).int(`Choose the ${what}`).positive(`Choose the ${what}`));
const finite = (label: string) => z.preprocess(blankToUndefined, z.coerce.number({ message: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a number`));
const width = (label: string) => z.preprocess(blankToUndefined, z.coerce.number({ message: `${label} must be a number` }).min(0, `${label} is at least 0`).max(1e9, `${label} is too large`));
const tolerance = z.preprocess(
  blankToUndefined,
  z.coerce.number({ message: "The tolerance must be a number" }).min(0, "The tolerance is at least 0").max(1, "The tolerance is at most 1").default(DEFAULT_TOLERANCE),
);

/** What the band proposal needs: the two judges, the cut-off and the tolerance (GET /api/cascades/proposal). */
export const bandProposalQuerySchema = z
  .object({ screener: judgeId("screener"), strong: judgeId("strong judge"), cutoff: finite("The cut-off"), tolerance })
  .refine((q) => q.screener !== q.strong, { path: ["strong"], message: "Choose a strong judge other than the screener" });
export type BandProposalQuery = z.infer<typeof bandProposalQuerySchema>;

/** The "New cascade" form. */
export const cascadeFormSchema = z
  .object({
    name: z
      .string({ message: "Name the cascade" })
      .trim()
      .min(1, "Name the cascade")
      .max(80, "Use at most 80 characters")
      .refine((name) => !name.startsWith("imported:"), "Names starting with “imported:” belong to imported judges"),
    screener: judgeId("screener"),
    strong: judgeId("strong judge"),
    cutoff: finite("The cut-off"),
    below: width("The band below the cut-off"),
    above: width("The band above the cut-off"),
    tolerance,
  })
  .refine((form) => form.screener !== form.strong, { path: ["strong"], message: "Choose a strong judge other than the screener" });
export type CascadeForm = z.infer<typeof cascadeFormSchema>;
