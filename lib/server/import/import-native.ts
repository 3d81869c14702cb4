import "server-only";
import { ProblemCollector } from "@/lib/ingest/problems";
import { planSourceImport, type NativeImportResult } from "@/lib/ingest/sources/preview-source";
import type { SourceRead } from "@/lib/ingest/sources/source-values";
import { ImportInvalidError } from "./import-errors";
import { importGeneric } from "./import-generic";
import type { ImportActor } from "./import-types";

export type { NativeImportResult };

export type NativeImportRequest = {
  read: SourceRead;
  fileName: string | null;
  actor: ImportActor;
  /** The judge's name after "imported:"; the source's name (langfuse, inspect, …) by default. */
  judgeName?: string;
  replace?: boolean;
  isDryRun?: boolean;
};

/**
 * Imports a native source's values (lib/ingest/sources) through the generic import: the same
 * sessions, turns, ratings, judge scores and labels, all-or-nothing in one transaction, and
 * idempotent (the session's identity is a hash of its content, so the same export imported
 * again is "already imported" and stores nothing). Returns what was understood with it.
 */
export async function importNative(request: NativeImportRequest): Promise<NativeImportResult> {
  const planned = planSourceImport(request.read, request.judgeName);
  if ("problems" in planned) throw new ImportInvalidError(collect(planned.problems));
  const { native, preview } = planned;
  try {
    const result = await importGeneric({
      text: "",
      table: native.table,
      fields: native.fields,
      fileName: request.fileName,
      actor: request.actor,
      replace: request.replace ?? false,
      isDryRun: request.isDryRun ?? false,
      isJudgeOptional: true,
    });
    return { ...result, preview };
  } catch (error) {
    if (error instanceof ImportInvalidError) {
      throw new ImportInvalidError({ problems: error.report.problems.map(native.locate), omitted: error.report.omitted });
    }
    throw error;
  }
}

function collect(problems: Parameters<ProblemCollector["addAll"]>[0]) {
  const collector = new ProblemCollector();
  collector.addAll(problems);
  return collector.report();
}
