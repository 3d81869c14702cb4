import "server-only";
import type { GenericFields } from "@/lib/ingest/import-options.schema";
import type { ImportResult } from "@/lib/ingest/import-result";
import { planGenericImport } from "@/lib/ingest/plan-generic-import";
import { readGenericTable } from "@/lib/ingest/read-generic-table";
import { ProblemCollector } from "@/lib/ingest/problems";
import { claimSessions } from "./claim-sessions";
import { ensureJudge } from "./ensure-judge";
import { ImportInvalidError } from "./import-errors";
import type { ImportActor } from "./import-types";
import { TurnBatchWriter } from "./insert-turns";
import { insertRatings, type RatingRow } from "./insert-ratings";
import { withImportTransaction } from "./with-import-transaction";

export type GenericImportRequest = {
  /** The file's text, JSONL or CSV (by the file name's extension, else by its first character). */
  text: string;
  fileName: string | null;
  fields: GenericFields;
  actor: ImportActor;
  /** Session id (a prefix, "<id>/<group>", when the data has groups); else a hash of each group's content. */
  sessionId?: string | null;
  replace?: boolean;
};

/**
 * Imports a generic judge-vs-human dataset (SPEC §2) all-or-nothing: groups become sessions
 * (kind generic), items turns, the judge score a score of the judge "imported:<name>" v1,
 * each human score a rating (source imported) by its annotator.
 */
export async function importGeneric(request: GenericImportRequest): Promise<ImportResult> {
  const judgeName = `imported:${request.fields.judgeName ?? baseName(request.fileName) ?? "data"}`;
  const read = readGenericTable(request.text, request.fileName);
  if ("problems" in read) throw new ImportInvalidError(collect(read.problems));
  const planned = planGenericImport(read.table, request.fields, { judgeName, sessionId: request.sessionId ?? null });
  if ("problems" in planned) throw new ImportInvalidError(planned.problems);
  const { plan } = planned;

  let judgeId = 0;
  return withImportTransaction(async (tx): Promise<ImportResult> => {
    const claimed = await claimSessions(
      tx,
      plan.sessions.map((session) => ({
        externalId: session.externalId,
        contentHash: session.contentHash,
        seedPrompt: null,
        meta: session.meta,
        importedSummary: null,
        startedAt: null,
        endedAt: null,
        turnCount: session.turns.length,
      })),
      { kind: "generic", replace: request.replace ?? false, actor: request.actor, fileName: request.fileName },
    );
    const sessions = claimed.sessions.map((session) => ({ ...session, summaryDifferences: null }));
    if (claimed.importId === null) return { status: "already_imported", importId: null, sessions, turnCount: 0, ratingCount: 0 };

    const writer = new TurnBatchWriter(tx, judgeId);
    const ratings: RatingRow[] = [];
    let turnCount = 0;
    for (const [i, session] of plan.sessions.entries()) {
      const { id, status } = claimed.sessions[i];
      if (status === "unchanged") continue;
      for (const turn of session.turns) {
        await writer.add(id, turn);
        turnCount++;
        for (const rating of turn.ratings) {
          ratings.push({ session_id: id, ordinal: turn.turn.ordinal, annotator: rating.annotator, rater_id: null, level: rating.level, score: rating.score, source: "imported", created_at: null });
        }
      }
    }
    await writer.finish();
    const ratingCount = await insertRatings(tx, ratings);
    return { status: "created", importId: claimed.importId, sessions, turnCount, ratingCount };
  }, async (client) => {
    judgeId = await ensureJudge(client, { name: judgeName, version: "1", kind: "imported" });
  });
}

function baseName(fileName: string | null): string | null {
  if (!fileName) return null;
  return fileName.split(/[\\/]/).at(-1)!.replace(/\.(jsonl|ndjson|json|csv|tsv)$/i, "") || null;
}

function collect(problems: Parameters<ProblemCollector["addAll"]>[0]) {
  const collector = new ProblemCollector();
  collector.addAll(problems);
  return collector.report();
}
