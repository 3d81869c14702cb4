import "server-only";
import { z } from "zod";
import { getDb } from "../db";

export type LlmVerdict = {
  judge: string;
  /** The 0–1 overall score of a verdict on levels; null for an answer by label or number. */
  overallScore: number | null;
  level: number | null;
  levelLabel: string | null;
  levelCount: number | null;
  /** A label criterion's label or label set, or a numeric criterion's value on its scale, in words. */
  answer: string | null;
  confidence: number | null;
  rationale: string | null;
  scoredAt: Date;
};

const metricsSchema = z.object({
  type: z.string().optional(),
  level: z.number().nullable().optional(),
  levelLabel: z.string().nullable().optional(),
  confidence: z.number().nullable().optional(),
  value: z.number().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  criteria: z.array(z.object({ key: z.string(), levelCount: z.number() })).optional(),
});

function fromScore(row: { overallScore: number; rationale: string | null; metrics: unknown; createdAt: Date; judge: { name: string; version: string } }): LlmVerdict {
  const parsed = metricsSchema.safeParse(row.metrics);
  const metrics = parsed.success ? parsed.data : {};
  const isNumeric = metrics.type === "numeric" && metrics.value !== undefined;
  return {
    judge: `${row.judge.name} ${row.judge.version}`,
    overallScore: isNumeric ? null : row.overallScore,
    level: metrics.level ?? null,
    levelLabel: metrics.levelLabel ?? null,
    levelCount: metrics.criteria?.find((criterion) => criterion.key === "overall")?.levelCount ?? null,
    answer: isNumeric ? `${metrics.value} on ${metrics.min}–${metrics.max}` : null,
    confidence: metrics.confidence ?? null,
    rationale: row.rationale,
    scoredAt: row.createdAt,
  };
}

function fromLabel(row: { label: string | null; labels: string[] | null; confidence: number | null; rationale: string | null; createdAt: Date; judge: { name: string; version: string } }): LlmVerdict {
  const answer = row.label ?? (row.labels?.length ? row.labels.join(", ") : "no label applies");
  return { judge: `${row.judge.name} ${row.judge.version}`, overallScore: null, level: null, levelLabel: null, levelCount: null, answer, confidence: row.confidence, rationale: row.rationale, scoredAt: row.createdAt };
}

/**
 * The LLM judges' verdicts on one turn (one per judge and prompt version), newest judge
 * first: scores on levels or numbers from judge_scores, labels from judge_labels.
 */
export async function findLlmVerdicts(turnId: number): Promise<LlmVerdict[]> {
  const judge = { select: { id: true, name: true, version: true } };
  const [scores, labels] = await Promise.all([
    getDb().judgeScore.findMany({ where: { turnId, judge: { kind: "llm" } }, select: { overallScore: true, rationale: true, metrics: true, createdAt: true, judge } }),
    getDb().judgeLabel.findMany({ where: { turnId, judge: { kind: "llm" } }, select: { label: true, labels: true, confidence: true, rationale: true, createdAt: true, judge } }),
  ]);
  const verdicts = [...scores.map((row) => ({ id: row.judge.id, verdict: fromScore(row) })), ...labels.map((row) => ({ id: row.judge.id, verdict: fromLabel(row) }))];
  return verdicts.sort((a, b) => b.id - a.id).map((entry) => entry.verdict);
}
