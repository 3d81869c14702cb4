import "server-only";
import { genericFieldsFromQuery, readImportQuery } from "@/lib/ingest/import-options.schema";
import { MAX_IMPORT_BYTES } from "@/lib/ingest/import-limits";
import type { ImportResult } from "@/lib/ingest/import-result";
import { readJsonLogBody } from "@/lib/ingest/log-input";
import { readJsonDocument, readTextDocument } from "@/lib/ingest/read-json-document";
import { bytesSource } from "@/lib/ingest/read-lines";
import { ImportInvalidError, ImportUnsupportedError } from "./import-errors";
import { importGeneric } from "./import-generic";
import { importLog } from "./import-log";
import type { ImportActor } from "./import-types";
import { readLimitedBody } from "./read-limited-body";

const NDJSON = /^application\/(x-ndjson|ndjson|jsonl|x-jsonlines)\b/i;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;
const CSV = /^(text|application)\/csv\b/i;

/**
 * POST /api/v1/sessions: an orchestrator log as NDJSON (`application/x-ndjson`, one record
 * per line) or JSON (`application/json`: one record, an array of records, or
 * `{session_id?, seed_prompt?, records, summary?}`), at most MAX_IMPORT_BYTES. Query
 * parameters: `replace=true`, `session_id`, `seed_prompt`. With `generic=true` the body is
 * judge-vs-human data instead, as CSV (`text/csv`) or JSONL (`application/x-ndjson`), read
 * as the CLI's `import --generic` and the import page read it: the field-name parameters,
 * `confidence_field`, `criterion_type` (repeated, NAME=TYPE) and `dry_run=true`.
 */
export async function importRequestBody(request: Request, actor: ImportActor): Promise<ImportResult> {
  const read = readImportQuery(new URL(request.url).searchParams);
  if ("problems" in read) throw new ImportInvalidError({ problems: read.problems, omitted: 0 });
  const { query } = read;
  const type = request.headers.get("content-type") ?? "";
  if (query.generic) return importGenericBody(request, actor, query, type);
  const isNdjson = NDJSON.test(type);
  if (!isNdjson && !JSON_TYPE.test(type)) {
    throw new ImportUnsupportedError(`send the log as application/x-ndjson (one record per line) or application/json, not ${type || "no content type"}`);
  }
  const bytes = await readLimitedBody(request, MAX_IMPORT_BYTES);
  const options = { actor, replace: query.replace, sessionId: query.session_id ?? null, seedPrompt: query.seed_prompt ?? null, fileName: query.file_name ?? null };
  if (isNdjson) return importLog({ ...options, input: { kind: "ndjson", source: bytesSource(bytes) } });

  const document = readJsonDocument(bytes);
  if ("problems" in document) throw new ImportInvalidError({ problems: document.problems, omitted: 0 });
  const body = readJsonLogBody(document.value);
  if ("problems" in body) throw new ImportInvalidError({ problems: body.problems, omitted: 0 });
  const { input, sessionId, seedPrompt, summary } = body.body;
  return importLog({ ...options, input, summary, sessionId: sessionId ?? options.sessionId, seedPrompt: seedPrompt ?? options.seedPrompt });
}

async function importGenericBody(request: Request, actor: ImportActor, query: Parameters<typeof genericFieldsFromQuery>[0], type: string): Promise<ImportResult> {
  const isCsv = CSV.test(type);
  if (!isCsv && !NDJSON.test(type)) {
    throw new ImportUnsupportedError(`send generic data as text/csv or application/x-ndjson (one JSON object per line), not ${type || "no content type"}`);
  }
  const generic = genericFieldsFromQuery(query);
  if ("problems" in generic) throw new ImportInvalidError({ problems: generic.problems, omitted: 0 });
  const text = readTextDocument(await readLimitedBody(request, MAX_IMPORT_BYTES));
  if ("problems" in text) throw new ImportInvalidError({ problems: text.problems, omitted: 0 });
  return importGeneric({
    text: text.text,
    // The reader picks CSV or JSONL by the name's extension: the content type names it here.
    fileName: query.file_name ?? (isCsv ? "data.csv" : "data.jsonl"),
    fields: generic.fields,
    actor,
    replace: query.replace,
    sessionId: query.session_id ?? null,
    isDryRun: query.dry_run ?? false,
  });
}
