import "server-only";
import type { ImportErrorBody } from "@/lib/ingest/import-result";
import { ImportConflictError, ImportInvalidError, ImportTooLargeError, ImportUnsupportedError } from "./import-errors";

/**
 * The HTTP answer to a refused import — 400 with the problem list, 409 on a conflicting
 * re-import, 413 above the size limit, 415 for a body that is neither JSON nor NDJSON — or
 * null for any other error (left to withAuth, which logs it and answers 500).
 */
export function importErrorResponse(error: unknown): Response | null {
  if (error instanceof ImportInvalidError) {
    return json(400, { error: "invalid", message: error.message, problems: error.report.problems, omitted: error.report.omitted });
  }
  if (error instanceof ImportConflictError) return json(409, { error: "conflict", message: error.message, sessions: error.sessions });
  if (error instanceof ImportTooLargeError) return json(413, { error: "too_large", message: error.message, limitBytes: error.limitBytes });
  if (error instanceof ImportUnsupportedError) return json(415, { error: "unsupported_media_type", message: error.message });
  return null;
}

function json(status: number, body: ImportErrorBody): Response {
  return Response.json(body, { status });
}
