import "server-only";
import type { CriterionKind, HumanLabel } from "@/lib/exports/human-labels";
import { TURN_TIME_SQL } from "@/lib/server/agreement/scope-filters";
import { getDb } from "@/lib/server/db";

export type HumanLabelFilter = { criterion?: string; persona?: string; from?: string; to?: string };

type Row = {
  turn_id: number;
  item_id: string | null;
  session_id: string;
  ordinal: number;
  text: string;
  criterion: string;
  kind: string | null;
  rater: string;
  level: number | null;
  score: number | null;
  label: string | null;
  labels: string[];
  comment: string | null;
  created_at: Date;
  is_adjudication: boolean;
};

/**
 * Every human rating and adjudication in the filter, in a stable order (session, turn,
 * criterion, adjudication last), with its criterion's type and the binary criteria's
 * positive labels. Raters are named by annotator label, or `concord-user-<id>` for
 * Concord users unless names are asked for (admins).
 */
export async function findHumanLabels(filter: HumanLabelFilter, options: { includeRaterNames: boolean }): Promise<{ labels: HumanLabel[]; positives: Record<string, string | null> }> {
  const values: unknown[] = [];
  const where: string[] = [];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replace("?", `$${values.length}`));
  };
  if (filter.criterion) add("x.criterion = ?", filter.criterion);
  if (filter.persona) add("t.persona_id = ?", filter.persona);
  // The report's turn time and UTC days, so an export covers what the report's scope covers.
  if (filter.from) add(`${TURN_TIME_SQL} >= ?::timestamptz`, `${filter.from}T00:00:00Z`);
  if (filter.to) add(`${TURN_TIME_SQL} < ?::timestamptz`, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000).toISOString());
  const raterName = options.includeRaterNames ? "COALESCE(u.email, 'concord-user-' || r.rater_id)" : "'concord-user-' || r.rater_id";
  const rows = await getDb().$queryRawUnsafe<Row[]>(
    `SELECT x.*, t.item_id, s.external_id AS session_id, t.ordinal, t.response AS text, ct.type AS kind
       FROM (
         SELECT r.turn_id, r.criterion, COALESCE(r.annotator, ${raterName}) AS rater, r.level, r.score, r.label, r.labels,
                r.rationale AS comment, r.created_at, false AS is_adjudication
           FROM ratings r LEFT JOIN users u ON u.id = r.rater_id
         UNION ALL
         SELECT a.turn_id, a.criterion, 'adjudication', a.level, NULL, NULL, '{}'::text[], a.note, a.created_at, true
           FROM adjudications a
       ) x
       JOIN turns t ON t.id = x.turn_id
       JOIN eval_sessions s ON s.id = t.session_id
       LEFT JOIN criterion_types ct ON ct.criterion = x.criterion
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY s.external_id, t.ordinal, x.criterion, x.is_adjudication, x.rater`,
    ...values,
  );
  const positives = Object.fromEntries((await getDb().criterionType.findMany({ where: { type: "binary" }, select: { criterion: true, positive: true } })).map((row) => [row.criterion, row.positive]));
  const labels = rows.map(
    (row): HumanLabel => ({
      turnId: row.turn_id,
      itemId: row.item_id,
      sessionId: row.session_id,
      ordinal: row.ordinal,
      text: row.text,
      criterion: row.criterion,
      kind: (row.kind ?? "ordinal") as CriterionKind,
      rater: row.rater,
      level: row.level,
      score: row.score,
      label: row.label,
      labels: row.labels,
      comment: row.comment,
      createdAt: row.created_at,
      isAdjudication: row.is_adjudication,
    }),
  );
  return { labels, positives };
}
