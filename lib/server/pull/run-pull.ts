import "server-only";
import type { Prisma } from "@/prisma/generated/client";
import { readLabelStudio } from "@/lib/ingest/sources/label-studio";
import { readLangfuse } from "@/lib/ingest/sources/langfuse";
import { isObject, type SourceRecord } from "@/lib/ingest/sources/source-values";
import { getDb } from "@/lib/server/db";
import { ImportInvalidError } from "@/lib/server/import/import-errors";
import { importNative, type NativeImportResult } from "@/lib/server/import/import-native";
import type { ImportActor } from "@/lib/server/import/import-types";
import { fetchJsonPage, PullError, type FetchOptions } from "./fetch-page";
import type { PullSpec } from "./pull-sources";

export type PullProgress =
  | { kind: "resume"; page: number; records: number }
  | { kind: "page"; page: number; totalPages: number | null; records: number }
  | { kind: "wait"; reason: string; ms: number }
  | { kind: "import"; records: number };

export type PullRunOptions = {
  actor: ImportActor;
  judgeName?: string;
  onProgress?: (progress: PullProgress) => void;
  fetch?: FetchOptions;
};

/**
 * Pulls every page of a tool's API into source_pull_pages (one row per page, with the cursor
 * of the next), then imports them all through importNative in one transaction. A run that stops
 * (a refused page, a network failure, the process killed) leaves its pages and cursor, and the
 * same pull started again resumes there; nothing reaches the sessions until the last page is in.
 */
export async function runPull(spec: PullSpec, options: PullRunOptions): Promise<NativeImportResult> {
  const db = getDb();
  const pull =
    (await db.sourcePull.findFirst({ where: { pullKey: spec.pullKey, status: "running" }, orderBy: { id: "desc" } })) ??
    (await db.sourcePull.create({ data: { source: spec.source, pullKey: spec.pullKey, url: spec.url } }));
  let cursor = pull.cursor ?? spec.firstCursor;
  let page = pull.pageCount;
  let records = pull.recordCount;
  if (page > 0) options.onProgress?.({ kind: "resume", page, records });

  // A cursor of "" marks a pull whose every page is in (a run stopped during the import).
  while (cursor !== "") {
    const request = spec.request(cursor);
    let answer: unknown;
    try {
      answer = await fetchJsonPage(request.url, { headers: request.headers, toolName: spec.toolName, authHint: spec.authHint }, {
        ...options.fetch,
        onWait: (reason, ms) => options.onProgress?.({ kind: "wait", reason, ms }),
      });
    } catch (error) {
      if (error instanceof PullError) await db.sourcePull.update({ where: { id: pull.id }, data: { error: error.message } });
      throw error;
    }
    const read = spec.read(answer, cursor);
    page++;
    records += read.records.length;
    const next = read.next ?? "";
    await db.$transaction([
      db.sourcePullPage.create({ data: { pullId: pull.id, page, records: read.records as Prisma.InputJsonValue } }),
      db.sourcePull.update({ where: { id: pull.id }, data: { cursor: next, pageCount: page, recordCount: records, error: null } }),
    ]);
    options.onProgress?.({ kind: "page", page, totalPages: read.totalPages, records });
    cursor = next;
  }

  options.onProgress?.({ kind: "import", records });
  const pages = await db.sourcePullPage.findMany({ where: { pullId: pull.id }, orderBy: { page: "asc" } });
  const sourceRecords = toSourceRecords(pages);
  const read = spec.source === "langfuse" ? readLangfuse(sourceRecords) : readLabelStudio(sourceRecords);
  try {
    if ("problems" in read) throw new ImportInvalidError({ problems: read.problems.slice(0, 50), omitted: Math.max(0, read.problems.length - 50) });
    const result = await importNative({ read: read.read, fileName: `${spec.source} pull ${spec.url}`, actor: options.actor, judgeName: options.judgeName });
    await db.$transaction([
      db.sourcePullPage.deleteMany({ where: { pullId: pull.id } }),
      db.sourcePull.update({ where: { id: pull.id }, data: { status: "done", importId: result.importId, error: null } }),
    ]);
    return result;
  } catch (error) {
    // Data the import refuses would be refused again: the pull ends, and a new one starts afresh.
    if (error instanceof ImportInvalidError) {
      await db.$transaction([
        db.sourcePullPage.deleteMany({ where: { pullId: pull.id } }),
        db.sourcePull.update({ where: { id: pull.id }, data: { status: "failed", error: error.message.slice(0, 2000) } }),
      ]);
    }
    throw error;
  }
}

/** The pages' records, each once (page-based paging can repeat a record when data shifts), named by page. */
function toSourceRecords(pages: readonly { page: number; records: unknown }[]): SourceRecord[] {
  const seen = new Set<string>();
  const out: SourceRecord[] = [];
  for (const { page, records } of pages) {
    (Array.isArray(records) ? records : []).forEach((record, i) => {
      const id = isObject(record) && (typeof record.id === "string" || typeof record.id === "number") ? String(record.id) : null;
      if (id !== null && seen.has(id)) return;
      if (id !== null) seen.add(id);
      out.push({ line: null, where: `page ${page}, item ${i + 1}`, record: isObject(record) ? record : { __notAnObject: record } });
    });
  }
  return out;
}
