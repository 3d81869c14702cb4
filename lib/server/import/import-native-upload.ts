import "server-only";
import { MAX_IMPORT_BYTES } from "@/lib/ingest/import-limits";
import { nativeQuerySchema } from "@/lib/ingest/sources/native-query.schema";
import { readSource } from "@/lib/ingest/sources/read-source";
import { ImportInvalidError, ImportUnsupportedError } from "./import-errors";
import { importNative, type NativeImportResult } from "./import-native";
import type { ImportActor } from "./import-types";
import { readLimitedBody } from "./read-limited-body";

const MULTIPART_SLACK = 64 * 1024;

/**
 * POST /api/import/native: one export of another tool as multipart/form-data (`file`), with
 * `from` (langfuse, langsmith, phoenix, label-studio, argilla, inspect, or auto), `judge_name`,
 * `dry_run` (the preview: what was understood, nothing stored) and `replace` as query parameters.
 */
export async function importNativeUpload(request: Request, actor: ImportActor): Promise<NativeImportResult> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = nativeQuerySchema.safeParse(params);
  if (!query.success) {
    throw new ImportInvalidError({ problems: query.error.issues.map((issue) => ({ line: null, path: `?${String(issue.path[0] ?? "")}`, message: issue.message })), omitted: 0 });
  }
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) throw new ImportUnsupportedError("send the file as multipart/form-data, in a field named file");
  const bytes = await readLimitedBody(request, MAX_IMPORT_BYTES + MULTIPART_SLACK);
  const form = await new Response(bytes as BodyInit, { headers: { "content-type": type } }).formData();
  const file = form.get("file");
  if (!(file instanceof Blob)) throw new ImportInvalidError({ problems: [{ line: null, path: "file", message: "no file was sent" }], omitted: 0 });
  const fileName = query.data.file_name ?? (file instanceof File ? file.name : null);
  const read = readSource(new Uint8Array(await file.arrayBuffer()), fileName, query.data.from === "auto" ? null : query.data.from);
  if ("problems" in read) throw new ImportInvalidError({ problems: read.problems.slice(0, 50), omitted: Math.max(0, read.problems.length - 50) });
  return importNative({ read: read.read, fileName, actor, judgeName: query.data.judge_name, replace: query.data.replace, isDryRun: query.data.dry_run });
}
