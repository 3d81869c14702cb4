import "server-only";
import { once } from "node:events";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { PanelScores, PanelVotes } from "@/lib/panels/aggregate-panel";

/** Rows gathered before they are handed to the connection. */
const ROWS_PER_WRITE = 10_000;

/**
 * One COPY into the table: a single statement, so the statement-level triggers that keep
 * the sessions list, the queue and the report's tables fire once, with every row in their
 * transition table (as the INSERT … SELECT it replaces did).
 */
async function copyRows(client: pg.ClientBase, sql: string, n: number, line: (i: number) => string): Promise<void> {
  const stream = client.query(copyFrom(sql));
  const finished = once(stream, "finish"); // rejects if the COPY fails
  finished.catch(() => {});
  for (let start = 0; start < n; start += ROWS_PER_WRITE) {
    let text = "";
    for (let i = start; i < Math.min(n, start + ROWS_PER_WRITE); i++) text += line(i);
    if (!stream.write(text)) await Promise.race([once(stream, "drain"), finished]);
  }
  stream.end();
  await finished;
}

/**
 * A panel's scores into judge_scores. Numbers are written in JavaScript's shortest
 * round-trip form, which float8 reads back as the same double. The members' own scores
 * stay in their rows (the report's panel section reads them there), so none is copied here.
 */
export async function storePanelScores(client: pg.ClientBase, judgeId: number, panel: PanelScores): Promise<void> {
  const { turnIds, scores } = panel;
  await copyRows(client, `COPY judge_scores (turn_id, judge_id, overall_score, is_imported) FROM STDIN`, turnIds.length, (i) => `${turnIds[i]}\t${judgeId}\t${scores[i]}\tf\n`);
}

/** COPY text escapes: backslash, tab, newline, carriage return. */
const escapeCopy = (text: string) => text.replace(/[\\\t\n\r]/g, (c) => ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c]!);

/** A panel's majority labels into judge_labels, with the winning share as confidence. */
export async function storePanelVotes(client: pg.ClientBase, judgeId: number, panel: PanelVotes): Promise<void> {
  const escaped = new Map<string, string>();
  const text = (label: string) => {
    let value = escaped.get(label);
    if (value === undefined) escaped.set(label, (value = escapeCopy(label)));
    return value;
  };
  await copyRows(client, `COPY judge_labels (turn_id, judge_id, label, confidence, is_imported) FROM STDIN`, panel.turnIds.length, (i) =>
    `${panel.turnIds[i]}\t${judgeId}\t${text(panel.labels[i])}\t${panel.confidence[i]}\tf\n`,
  );
}
