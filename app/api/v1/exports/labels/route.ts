import { ACCESS } from "@/lib/auth/access";
import { labelsExportQuerySchema } from "@/lib/exports/export-request.schema";
import { toLabelStudioTasks, toLangfuseIngestionBatch } from "@/lib/exports/human-labels";
import { withAuth } from "@/lib/server/auth/guards";
import { findHumanLabels } from "@/lib/server/exports/find-human-labels";

/**
 * `GET /api/v1/exports/labels?format=langfuse|label-studio&criterion=&persona=&from=&to=`:
 * the human ratings and adjudications collected in Concord, as a Langfuse ingestion batch
 * (score-create events, source ANNOTATION) or a Label Studio task import file. Admins (rater
 * emails), or an API key with scope `read` (raters as concord-user-<id>).
 */
export const GET = withAuth({ roles: ACCESS.administer, apiKeyScopes: ["read"] }, async (request, auth) => {
  const query = labelsExportQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  const { labels, positives } = await findHumanLabels(query, { includeRaterNames: auth.user !== null });
  const body = query.format === "langfuse" ? toLangfuseIngestionBatch(labels, positives) : toLabelStudioTasks(labels);
  const fileName = query.format === "langfuse" ? "concord-labels-langfuse.json" : "concord-labels-label-studio.json";
  return Response.json(body, { headers: { "cache-control": "private, no-store", "content-disposition": `attachment; filename="${fileName}"` } });
});
