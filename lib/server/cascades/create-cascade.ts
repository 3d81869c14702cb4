import "server-only";
import type { CascadeConfig, CascadeForm } from "@/lib/cascade/cascade.schema";
import { getDb } from "../db";
import { nextJudgeVersion, type InTransaction } from "../derived-judges/next-judge-version";
import { DomainError } from "../errors";

export type CreatedCascade = { id: number; name: string; version: string; turns: number; escalated: number; waiting: number };


/**
 * The screener's turns with the band test of lib/cascade/cascade.ts (isEscalated) done in
 * SQL, the same float8 arithmetic: $1 screener, $2 strong judge, $3 cut-off, $4 below, $5 above.
 */
const BANDED_SQL = `
  SELECT s.turn_id, s.overall_score AS screener, t.overall_score AS strong,
    CASE WHEN s.overall_score < $3::float8 THEN $3::float8 - s.overall_score <= $4::float8 ELSE s.overall_score - $3::float8 <= $5::float8 END AS escalated
  FROM judge_scores s LEFT JOIN judge_scores t ON t.turn_id = s.turn_id AND t.judge_id = $2
  WHERE s.judge_id = $1`;

/** Stores the cascade's scores ($6 the cascade) and returns how many and how many escalated. */
const INSERT_SQL = `
  WITH inserted AS (
    INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics, is_imported)
    SELECT turn_id, $6, CASE WHEN escalated THEN strong ELSE screener END,
      jsonb_build_object('cascade', jsonb_build_object('escalated', escalated, 'screener', screener, 'strong', strong)), false
    FROM (${BANDED_SQL}) b
    WHERE NOT escalated OR strong IS NOT NULL
    RETURNING (metrics->'cascade'->>'escalated')::boolean AS escalated
  )
  SELECT count(*)::int AS turns, count(*) FILTER (WHERE escalated)::int AS escalated FROM inserted`;

const WAITING_SQL = `SELECT count(*)::int AS waiting FROM (${BANDED_SQL}) b WHERE escalated AND strong IS NULL`;

/**
 * Creates a cascade judge: on every turn the screener scored, the strong judge's score when
 * the screener's lies in [cut-off − below, cut-off + above], else the screener's. A turn in
 * the band that the strong judge has not scored gets no answer (counted as waiting: run the
 * strong judge on it and save the cascade again). A cascade of an existing name becomes its
 * next version. One transaction: a cascade without its scores is never seen; `afterStore`
 * runs in it.
 */
export async function createCascade(input: CascadeForm, afterStore?: (run: InTransaction, cascade: CreatedCascade) => Promise<void>): Promise<CreatedCascade> {
  const db = getDb();
  const { screener, strong } = await findCascadeJudges(input);
  const config: CascadeConfig = { cascade: { screener, strong, cutoff: input.cutoff, below: input.below, above: input.above, tolerance: input.tolerance } };
  const band = [input.screener, input.strong, input.cutoff, input.below, input.above] as const;
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`cascade:${input.name}`}, 0))`;
      const versions = await tx.judge.findMany({ where: { name: input.name }, select: { version: true, kind: true } });
      const version = nextJudgeVersion(input.name, versions, "cascade", "a cascade");
      const judge = await tx.judge.create({ data: { name: input.name, version, kind: "cascade", config }, select: { id: true } });
      const [{ turns, escalated }] = await tx.$queryRawUnsafe<{ turns: number; escalated: number }[]>(INSERT_SQL, ...band, judge.id);
      const [{ waiting }] = await tx.$queryRawUnsafe<{ waiting: number }[]>(WAITING_SQL, ...band);
      if (turns === 0) {
        throw new DomainError(
          "invalid",
          waiting > 0
            ? `Every turn the screener scored lies in the band, and the strong judge has scored none of those ${waiting}: run the strong judge on them first.`
            : "The screener has no scores, so the cascade would have no answers. Pick a judge that scored turns as the screener.",
        );
      }
      const cascade = { id: judge.id, name: input.name, version, turns, escalated, waiting };
      await afterStore?.((sql, params) => tx.$executeRawUnsafe(sql, ...params), cascade);
      return cascade;
    },
    { timeout: 120_000 },
  );
}

/** The screener and the strong judge the form names; refuses one that is gone. */
export async function findCascadeJudges(input: CascadeForm) {
  const db = getDb();
  const judges = await db.judge.findMany({ where: { id: { in: [input.screener, input.strong] } }, select: { id: true, name: true, version: true } });
  const byId = new Map(judges.map((judge) => [judge.id, judge]));
  const [screener, strong] = [byId.get(input.screener), byId.get(input.strong)];
  if (!screener) throw new DomainError("invalid", `No judge with id ${input.screener}: reload the page and pick again.`, { screener: "Choose the screener again" });
  if (!strong) throw new DomainError("invalid", `No judge with id ${input.strong}: reload the page and pick again.`, { strong: "Choose the strong judge again" });
  return { screener, strong };
}
