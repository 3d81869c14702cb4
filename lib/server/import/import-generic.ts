import "server-only";
import type { GenericFields } from "@/lib/ingest/import-options.schema";
import type { ImportResult } from "@/lib/ingest/import-result";
import { planGenericImport } from "@/lib/ingest/plan-generic-import";
import { isLabelType } from "@/lib/ingest/criterion-type.schema";
import { readGenericTable, type GenericTable } from "@/lib/ingest/read-generic-table";
import { OVERALL_CRITERION } from "@/lib/rubric/rubric.schema";
import { ProblemCollector } from "@/lib/ingest/problems";
import { claimSessions } from "./claim-sessions";
import { ensureJudge } from "./ensure-judge";
import { ImportInvalidError } from "./import-errors";
import { insertJudgeLabels, type JudgeLabelRow } from "./insert-judge-labels";
import type { ImportActor, Tx } from "./import-types";
import { turnWriter } from "./insert-turns";
import { insertRatings, type RatingRow } from "./insert-ratings";
import { upsertCriterionTypes } from "./upsert-criterion-types";
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
  /** Validate and write everything, then roll back: the result says what an import would store. */
  isDryRun?: boolean;
  /** Rows already read (a native source's records, lib/ingest/sources): `text` is then not read. */
  table?: GenericTable;
  /** Items without a judge value are kept (a native source's items only humans rated). */
  isJudgeOptional?: boolean;
};

/**
 * Imports a generic judge-vs-human dataset (SPEC §2) all-or-nothing: groups become sessions
 * (kind generic), items turns, the judge score a score of the judge "imported:<name>" v1,
 * each human score a rating (source imported) by its annotator. On label criteria the judge's
 * answer goes to judge_labels (the turn gets no judge score) and the humans' to the ratings'
 * label/labels; each criterion's type is stored in criterion_types in the same transaction.
 */
export async function importGeneric(request: GenericImportRequest): Promise<ImportResult> {
  const judgeName = `imported:${request.fields.judgeName ?? baseName(request.fileName) ?? "data"}`;
  const read = request.table ? { table: request.table } : readGenericTable(request.text, request.fileName);
  if ("problems" in read) throw new ImportInvalidError(collect(read.problems));
  const planned = planGenericImport(read.table, request.fields, { judgeName, sessionId: request.sessionId ?? null, isJudgeOptional: request.isJudgeOptional });
  if ("problems" in planned) throw new ImportInvalidError(planned.problems);
  const { plan } = planned;
  const overall = plan.criteria.find((c) => c.criterion === OVERALL_CRITERION && isLabelType(c.type.type));
  if (overall) {
    throw new ImportInvalidError({
      problems: [{ line: null, path: request.fields.dimensionField, message: `these values are ${overall.type.type} labels, but with no "${request.fields.dimensionField}" field they would rate "overall", Concord's four quality levels: give each row a dimension naming its criterion` }],
      omitted: 0,
    });
  }

  const isDryRun = request.isDryRun ?? false;
  const criteria = plan.criteria;
  let judgeId = 0;
  const findJudge = async (client: Tx) => {
    judgeId = await ensureJudge(client, { name: judgeName, version: "1", kind: "imported", model: request.fields.judgeModel });
  };
  return withImportTransaction(async (tx): Promise<ImportResult> => {
    // A dry run makes its judge inside the transaction, so that nothing of it stays.
    if (isDryRun) await findJudge(tx);
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
    if (claimed.importId === null) return { status: "already_imported", importId: null, sessions, turnCount: 0, ratingCount: 0, criteria };

    const writer = turnWriter(tx, judgeId, plan.sessions.reduce((n, session, i) => n + (claimed.sessions[i].status === "unchanged" ? 0 : session.turns.length), 0));
    const ratings: RatingRow[] = [];
    const judgeLabels: JudgeLabelRow[] = [];
    let turnCount = 0;
    try {
      for (const [i, session] of plan.sessions.entries()) {
        const { id, status } = claimed.sessions[i];
        if (status === "unchanged") continue;
        for (const turn of session.turns) {
          await writer.add(id, turn);
          turnCount++;
          const ordinal = turn.turn.ordinal;
          if (turn.judgeLabel) judgeLabels.push({ session_id: id, ordinal, ...turn.judgeLabel });
          for (const { annotator, level, score, label, labels } of turn.ratings) {
            ratings.push({ session_id: id, ordinal, annotator, rater_id: null, level, score, label, labels, source: "imported", created_at: null });
          }
        }
      }
      await writer.finish();
    } catch (error) {
      await writer.abort(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    const ratingCount = await insertRatings(tx, ratings);
    await insertJudgeLabels(tx, judgeId, judgeLabels);
    await upsertCriterionTypes(tx, criteria);
    return { status: isDryRun ? "dry_run" : "created", importId: isDryRun ? null : claimed.importId, sessions, turnCount, ratingCount, criteria };
  }, { prepare: isDryRun ? undefined : findJudge, isDryRun });
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
