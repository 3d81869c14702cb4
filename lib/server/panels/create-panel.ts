import "server-only";
import type pg from "pg";
import { aggregatePanelScores, aggregatePanelVoteCodes } from "@/lib/panels/aggregate-panel";
import type { PanelConfig, PanelForm } from "@/lib/panels/panel.schema";
import { getDb } from "../db";
import { nextJudgeVersion, type InTransaction } from "../derived-judges/next-judge-version";
import { DomainError } from "../errors";
import { withImportTransaction } from "../import/with-import-transaction";
import { readMemberLabelCodes, readMemberScores } from "./read-member-answers";
import { storePanelScores, storePanelVotes } from "./store-panel-answers";

export type CreatedPanel = { id: number; name: string; version: string; turns: number };

/** Called between reading and aggregating the members' answers and storing the panel's (the bench times each part). */
export type OnAggregated = (turns: number) => void;

/**
 * A panel's answers in the caller's transaction: the members' answers read as typed
 * columns in turn order, aggregated in memory by lib/stats/panel (so exactly as the command
 * line and the report compute them), written with one COPY. Returns the turns answered: those
 * every member answered.
 */
export async function storePanelAnswers(client: pg.ClientBase, judgeId: number, members: readonly number[], aggregate: PanelForm["aggregate"], onAggregated?: OnAggregated): Promise<number> {
  if (aggregate === "vote") {
    const panel = aggregatePanelVoteCodes(await readMemberLabelCodes(client, members));
    onAggregated?.(panel.turnIds.length);
    if (panel.turnIds.length > 0) await storePanelVotes(client, judgeId, panel);
    return panel.turnIds.length;
  }
  const panel = aggregatePanelScores(await readMemberScores(client, members), aggregate);
  onAggregated?.(panel.turnIds.length);
  if (panel.turnIds.length > 0) await storePanelScores(client, judgeId, panel);
  return panel.turnIds.length;
}

/** The members as judges, in the form's order; refuses a judge twice or one that is gone. */
export async function findPanelMembers(input: PanelForm) {
  if (new Set(input.members).size !== input.members.length) throw new DomainError("invalid", "A judge can sit on a panel once.");
  const judges = await getDb().judge.findMany({ where: { id: { in: input.members } }, select: { id: true, name: true, version: true, kind: true } });
  const byId = new Map(judges.map((judge) => [judge.id, judge]));
  const missing = input.members.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new DomainError("invalid", `No judge with id ${missing.join(", ")}: reload the page and pick again.`);
  return input.members.map((id) => byId.get(id)!);
}

/**
 * Creates a panel judge from existing judges and stores its answers: the mean or median of
 * the members' scores, or the majority vote of their labels, on the turns every member
 * answered. A panel of an existing name becomes its next version, so earlier versions and
 * their figures stay. One transaction: a panel without its answers is never seen;
 * `afterStore` runs in it (the panel job marks itself done there, so a retry cannot store
 * the panel twice).
 */
export async function createPanel(
  input: PanelForm,
  onAggregated?: OnAggregated,
  afterStore?: (run: InTransaction, panel: CreatedPanel) => Promise<void>,
): Promise<CreatedPanel> {
  const members = await findPanelMembers(input);
  const config: PanelConfig = { panel: { members: members.map(({ id, name, version }) => ({ id, name, version })), aggregate: input.aggregate } };
  return withImportTransaction(async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`panel:${input.name}`]);
    const versions = (await client.query<{ version: string; kind: string }>(`SELECT version, kind::text AS kind FROM judges WHERE name = $1`, [input.name])).rows;
    const version = nextJudgeVersion(input.name, versions, "panel", "a panel");
    const [{ id }] = (await client.query<{ id: number }>(`INSERT INTO judges (name, version, kind, config) VALUES ($1, $2, 'panel', $3::jsonb) RETURNING id`, [input.name, version, JSON.stringify(config)])).rows;
    const turns = await storePanelAnswers(client, id, input.members, input.aggregate, onAggregated);
    if (turns === 0) {
      const what = input.aggregate === "vote" ? "labelled" : "scored";
      throw new DomainError("invalid", `These judges have no turn that all of them ${what}, so the panel would have no answers. Pick judges that ${what} the same turns.`);
    }
    const panel = { id, name: input.name, version, turns };
    await afterStore?.((sql, params) => client.query(sql, params), panel);
    return panel;
  });
}
