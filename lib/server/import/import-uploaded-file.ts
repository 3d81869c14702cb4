import "server-only";
import { isJsonDocument } from "@/lib/ingest/detect-log-layout";
import { genericFieldsFromQuery, readImportQuery } from "@/lib/ingest/import-options.schema";
import { MAX_IMPORT_BYTES } from "@/lib/ingest/import-limits";
import type { ImportResult } from "@/lib/ingest/import-result";
import { readJsonLogBody, type LogInput } from "@/lib/ingest/log-input";
import { readJsonDocument, readTextDocument } from "@/lib/ingest/read-json-document";
import { bytesSource, readLines } from "@/lib/ingest/read-lines";
import { ImportInvalidError, ImportUnsupportedError } from "./import-errors";
import { importGeneric } from "./import-generic";
import { importLog } from "./import-log";
import type { ImportActor } from "./import-types";
import { readLimitedBody } from "./read-limited-body";

/** Room for the multipart framing around a file of the largest size. */
const MULTIPART_SLACK = 64 * 1024;

/**
 * POST /api/import, the import page's upload: multipart/form-data with `file` (a log, or
 * generic data when `generic=true`) and optionally `summary` (its summary.json); the
 * options are query parameters, as for the API (`replace`, `session_id`, `seed_prompt`,
 * `generic` and the field names, and for generic data `confidence_field`, `criterion_type`
 * (repeated, NAME=TYPE) and `dry_run`).
 */
export async function importUploadedFile(request: Request, actor: ImportActor): Promise<ImportResult> {
  const read = readImportQuery(new URL(request.url).searchParams);
  if ("problems" in read) throw new ImportInvalidError({ problems: read.problems, omitted: 0 });
  const { query } = read;
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) throw new ImportUnsupportedError("send the file as multipart/form-data, in a field named file");
  const bytes = await readLimitedBody(request, MAX_IMPORT_BYTES + MULTIPART_SLACK);
  const form = await new Response(bytes as BodyInit, { headers: { "content-type": type } }).formData();
  const file = form.get("file");
  if (!(file instanceof Blob)) throw new ImportInvalidError({ problems: [{ line: null, path: "file", message: "no file was sent" }], omitted: 0 });
  const fileName = query.file_name ?? (file instanceof File ? file.name : null);
  const data = new Uint8Array(await file.arrayBuffer());
  const options = { actor, fileName, replace: query.replace, sessionId: query.session_id ?? null };

  if (query.generic) {
    const generic = genericFieldsFromQuery(query);
    if ("problems" in generic) throw new ImportInvalidError({ problems: generic.problems, omitted: 0 });
    const text = readTextDocument(data);
    if ("problems" in text) throw new ImportInvalidError({ problems: text.problems, omitted: 0 });
    return importGeneric({ ...options, text: text.text, fields: generic.fields, isDryRun: query.dry_run ?? false });
  }

  const summaryFile = form.get("summary");
  const summary = summaryFile instanceof Blob ? parseJson(new Uint8Array(await summaryFile.arrayBuffer()), summaryFile instanceof File ? summaryFile.name : "summary") : undefined;
  let input: LogInput = { kind: "ndjson", source: bytesSource(data) };
  let fromBody: { sessionId: string | null; seedPrompt: string | null; summary: unknown } = { sessionId: null, seedPrompt: null, summary: undefined };
  if (isJsonDocument(fileName, await firstLine(data))) {
    const body = readJsonLogBody(parseJson(data, ""));
    if ("problems" in body) throw new ImportInvalidError({ problems: body.problems, omitted: 0 });
    ({ input, ...fromBody } = body.body);
  }
  return importLog({
    ...options,
    input,
    summary: summary ?? fromBody.summary,
    summaryLabel: summaryFile instanceof File ? summaryFile.name : "summary",
    sessionId: fromBody.sessionId ?? options.sessionId,
    seedPrompt: fromBody.seedPrompt ?? query.seed_prompt ?? null,
  });
}

async function firstLine(data: Uint8Array): Promise<string | null> {
  for await (const { text } of readLines(bytesSource(data)())) if (text.trim() !== "") return text;
  return null;
}

function parseJson(bytes: Uint8Array, path: string): unknown {
  const document = readJsonDocument(bytes, path);
  if ("problems" in document) throw new ImportInvalidError({ problems: document.problems, omitted: 0 });
  return document.value;
}
