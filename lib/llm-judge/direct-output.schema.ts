import { z } from "zod";
import type { QualityCutoffs } from "@/lib/judge";
import type { QualityLevel } from "@/lib/thresholds/levels";
import { scoreOfLevel, type JudgeCriterion } from "./criteria";
import { isQualityScale, scoreOfQualityLevel } from "./quality-score";

const criterionVerdictSchema = z.object({
  criterion: z.string().trim().min(1),
  evidence: z.array(z.string()).default([]),
  justification: z.string().trim().min(1, "give a justification"),
  score: z.number().int("the score must be an integer"),
  improvement: z.string().default(""),
});

/** The judge's confidence in its answer, asked of every criterion type. */
export const confidenceSchema = z.number({ message: "give a confidence, a number from 0 to 1" }).min(0, "a confidence is from 0 to 1").max(1, "a confidence is from 0 to 1");

/**
 * The direct-scoring reply for these criteria: one verdict per criterion, each with a
 * justification and an integer score inside that criterion's scale, and a confidence.
 * The confidence may be missing (p1's replies had none; a level without one is still a
 * level), but one outside 0–1 makes the reply unusable.
 */
export function directOutputSchema(criteria: readonly JudgeCriterion[]) {
  return z
    .object({ scores: z.array(criterionVerdictSchema).min(1), summary: z.string().default(""), confidence: confidenceSchema.optional() })
    .superRefine((output, context) => {
      for (const criterion of criteria) {
        const index = output.scores.findIndex((verdict) => verdict.criterion === criterion.key);
        if (index < 0) {
          context.addIssue({ code: "custom", path: ["scores"], message: `no verdict for criterion "${criterion.key}"` });
          continue;
        }
        const { score } = output.scores[index];
        if (score < 1 || score > criterion.levels.length) {
          context.addIssue({ code: "custom", path: ["scores", index, "score"], message: `must be between 1 and ${criterion.levels.length}` });
        }
      }
    });
}

export type DirectOutput = z.infer<ReturnType<typeof directOutputSchema>>;

export type CriterionResult = { key: string; name: string; level: number; levelLabel: string; levelCount: number; score: number; weight: number };

export type DirectVerdict = {
  /**
   * 0–1: an "overall" verdict on the four quality levels goes to the middle of its band
   * under the cut-offs (scoreOfQualityLevel); another overall scale by scoreOfLevel; no
   * overall criterion: the weighted mean of the criteria's scores.
   */
  overallScore: number;
  /** The "overall" criterion's level, when there is one. */
  level: number | null;
  levelLabel: string | null;
  rationale: string;
  /** The judge's confidence in its verdict, 0–1, when it gave one. */
  confidence: number | null;
  criteria: CriterionResult[];
};

/** The stored verdict: per-criterion levels and 0–1 scores, and the overall score. */
export function summariseDirectOutput(output: DirectOutput, criteria: readonly JudgeCriterion[], cutoffs: QualityCutoffs): DirectVerdict {
  const results = criteria.map((criterion): CriterionResult & { justification: string } => {
    const verdict = output.scores.find((entry) => entry.criterion === criterion.key)!;
    return {
      key: criterion.key,
      name: criterion.name,
      level: verdict.score,
      levelLabel: criterion.levels[verdict.score - 1].label,
      levelCount: criterion.levels.length,
      score: scoreOfLevel(verdict.score, criterion.levels.length),
      weight: criterion.weight,
      justification: verdict.justification,
    };
  });
  const overall = results.find((result) => result.key === "overall");
  const totalWeight = results.reduce((sum, result) => sum + result.weight, 0);
  const isQuality = overall !== undefined && isQualityScale(criteria.find((criterion) => criterion.key === "overall")!.levels.map((level) => level.label));
  const overallScore = overall
    ? isQuality
      ? scoreOfQualityLevel(overall.level as QualityLevel, cutoffs)
      : overall.score
    : totalWeight > 0
      ? results.reduce((sum, result) => sum + result.weight * result.score, 0) / totalWeight
      : results.reduce((sum, result) => sum + result.score, 0) / results.length;
  const rationale = overall?.justification ?? (output.summary || results.map((result) => `${result.name}: ${result.justification}`).join("\n"));
  return {
    overallScore,
    level: overall?.level ?? null,
    levelLabel: overall?.levelLabel ?? null,
    rationale,
    confidence: output.confidence ?? null,
    criteria: results.map(({ justification: _justification, ...result }) => result),
  };
}
