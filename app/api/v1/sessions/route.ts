import { importErrorResponse } from "@/lib/server/import/import-error-response";
import { importRequestBody } from "@/lib/server/import/import-request-body";
import { withAuth } from "@/lib/server/auth/guards";

/**
 * Push an orchestrator log with an `ingest` API key: NDJSON (application/x-ndjson) or JSON
 * (a record, an array of records, or {session_id?, seed_prompt?, records, summary?}), at
 * most 50 MB. ?replace=true overwrites a session stored with other content; ?session_id
 * and ?seed_prompt apply to records that name none. 201 created, 200 already imported,
 * 400 with the problems (line, path, message), 409 conflicting re-import, 413 too large.
 */
export const POST = withAuth({ apiKeyScopes: ["ingest"] }, async (request, auth) => {
  try {
    const result = await importRequestBody(request, { source: "api", apiKeyId: auth.apiKey?.id ?? null, userId: auth.user?.id ?? null });
    return Response.json(result, { status: result.status === "created" ? 201 : 200 });
  } catch (error) {
    const response = importErrorResponse(error);
    if (response) return response;
    throw error;
  }
});
