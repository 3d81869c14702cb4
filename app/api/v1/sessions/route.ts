import { importErrorResponse } from "@/lib/server/import/import-error-response";
import { importRequestBody } from "@/lib/server/import/import-request-body";
import { withAuth } from "@/lib/server/auth/guards";
import { ACCESS } from "@/lib/auth/access";
import { parseListQuery } from "@/lib/sessions/list-query-params";
import { DomainError } from "@/lib/server/errors";
import { findSessions } from "@/lib/server/sessions/find-sessions";
import { getDisplayScoring } from "@/lib/server/thresholds/get-display-scoring";

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

/**
 * List sessions with a `read` API key (or as a signed-in admin or viewer): the filters,
 * sort and page of /sessions as query parameters (q, quality, persona, minScore, maxScore,
 * from, to, rated, judge, sort, dir, page, pageSize). 400 names each bad parameter.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const { query, problems } = parseListQuery(request.nextUrl.searchParams);
  if (problems.length > 0) {
    throw new DomainError("invalid", `invalid query: ${problems.map((problem) => problem.message).join("; ")}`, Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
  }
  const thresholds = await getDisplayScoring();
  const page = await findSessions(query, thresholds.cutoffs, thresholds.judgeId);
  return Response.json({ ...page, thresholds: { version: thresholds.version, cutoffs: thresholds.cutoffs } });
});
