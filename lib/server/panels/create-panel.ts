import "server-only";
import type { PanelConfig, PanelForm } from "@/lib/panels/panel.schema";
import { getDb } from "../db";
import { DomainError } from "../errors";

export type CreatedPanel = { id: number; name: string; version: string; turns: number };

/** Member positions as an SQL table: $1 the member ids in the panel's order. */
const MEMBERS_SQL = `SELECT judge_id, pos FROM unnest($1::int[]) WITH ORDINALITY AS m(judge_id, pos)`;

/** Mean or median of the members' overall scores, on the turns every member scored. $2 the panel, $3 k. */
function scoresSql(aggregate: "mean" | "median"): string {
  const value = aggregate === "mean" ? "avg(s.overall_score)" : "percentile_cont(0.5) WITHIN GROUP (ORDER BY s.overall_score)";
  return `
    INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics, is_imported)
    SELECT s.turn_id, $2, ${value}, jsonb_build_object('panel', jsonb_object_agg(m.pos, s.overall_score)), false
    FROM judge_scores s JOIN (${MEMBERS_SQL}) m ON m.judge_id = s.judge_id
    GROUP BY s.turn_id HAVING count(*) = $3`;
}

/**
 * The label most members gave, on the turns every member labelled; a tie goes to the label
 * of the earliest-listed member among the tied ones; the confidence is the winning share.
 */
const VOTE_SQL = `
  WITH answers AS (
    SELECT l.turn_id, l.label, m.pos FROM judge_labels l JOIN (${MEMBERS_SQL}) m ON m.judge_id = l.judge_id WHERE l.label IS NOT NULL
  ), complete AS (
    SELECT turn_id FROM answers GROUP BY turn_id HAVING count(*) = $3
  ), counted AS (
    SELECT a.turn_id, a.label, count(*) AS votes, min(a.pos) AS first FROM answers a JOIN complete c ON c.turn_id = a.turn_id GROUP BY a.turn_id, a.label
  )
  INSERT INTO judge_labels (turn_id, judge_id, label, confidence, is_imported)
  SELECT DISTINCT ON (turn_id) turn_id, $2, label, votes::float8 / $3, false FROM counted ORDER BY turn_id, votes DESC, first`;

/**
 * Creates a panel judge from existing judges and stores its answers: the mean or median of
 * the members' scores, or the majority vote of their labels, on the turns every member
 * answered. A panel of an existing name becomes its next version, so earlier versions and
 * their figures stay. One transaction: a panel without its answers is never seen.
 */
/** The statement that stores a panel's answers: $1 member ids in order, $2 the panel judge, $3 k. */
export function panelAnswersSql(aggregate: PanelForm["aggregate"]): string {
  return aggregate === "vote" ? VOTE_SQL : scoresSql(aggregate);
}

export async function createPanel(input: PanelForm): Promise<CreatedPanel> {
  const db = getDb();
  if (new Set(input.members).size !== input.members.length) throw new DomainError("invalid", "A judge can sit on a panel once.");
  const judges = await db.judge.findMany({ where: { id: { in: input.members } }, select: { id: true, name: true, version: true, kind: true } });
  const byId = new Map(judges.map((judge) => [judge.id, judge]));
  const missing = input.members.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new DomainError("invalid", `No judge with id ${missing.join(", ")}: reload the page and pick again.`);
  const members = input.members.map((id) => byId.get(id)!);
  const config: PanelConfig = { panel: { members: members.map(({ id, name, version }) => ({ id, name, version })), aggregate: input.aggregate } };
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`panel:${input.name}`}, 0))`;
      const versions = await tx.judge.findMany({ where: { name: input.name }, select: { version: true, kind: true } });
      if (versions.some((v) => v.kind !== "panel")) throw new DomainError("conflict", `“${input.name}” is the name of a judge that is not a panel: choose another name.`, { name: "Taken by another judge" });
      const version = String(versions.reduce((max, v) => Math.max(max, Number(v.version) || 0), 0) + 1);
      const judge = await tx.judge.create({ data: { name: input.name, version, kind: "panel", config }, select: { id: true } });
      const turns = await tx.$executeRawUnsafe(panelAnswersSql(input.aggregate), input.members, judge.id, input.members.length);
      if (turns === 0) {
        const what = input.aggregate === "vote" ? "labelled" : "scored";
        throw new DomainError("invalid", `These judges have no turn that all of them ${what}, so the panel would have no answers. Pick judges that ${what} the same turns.`);
      }
      return { id: judge.id, name: input.name, version, turns };
    },
    { timeout: 120_000 },
  );
}
