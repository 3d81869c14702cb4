import "server-only";
import { z } from "zod";
import { getDb } from "../db";

export type LlmVerdict = {
  judge: string;
  overallScore: number;
  level: number | null;
  levelLabel: string | null;
  levelCount: number | null;
  rationale: string | null;
  scoredAt: Date;
};

const metricsSchema = z.object({
  level: z.number().nullable().optional(),
  levelLabel: z.string().nullable().optional(),
  criteria: z.array(z.object({ key: z.string(), levelCount: z.number() })).optional(),
});

/** The LLM judges' scores of one turn (one per judge and prompt version), newest judge first. */
export async function findLlmVerdicts(turnId: number): Promise<LlmVerdict[]> {
  const rows = await getDb().judgeScore.findMany({
    where: { turnId, judge: { kind: "llm" } },
    orderBy: { judgeId: "desc" },
    select: { overallScore: true, rationale: true, metrics: true, createdAt: true, judge: { select: { name: true, version: true } } },
  });
  return rows.map((row) => {
    const parsed = metricsSchema.safeParse(row.metrics);
    const metrics = parsed.success ? parsed.data : {};
    return {
      judge: `${row.judge.name} ${row.judge.version}`,
      overallScore: row.overallScore,
      level: metrics.level ?? null,
      levelLabel: metrics.levelLabel ?? null,
      levelCount: metrics.criteria?.find((criterion) => criterion.key === "overall")?.levelCount ?? null,
      rationale: row.rationale,
      scoredAt: row.createdAt,
    };
  });
}
