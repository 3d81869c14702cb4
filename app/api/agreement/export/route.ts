import { exportFileName, exportRequestSchema } from "@/lib/agreement/export.schema";
import { figuresCsv } from "@/lib/agreement/export-figures";
import { PAIR_COLUMNS, pairRows, pairsCsv } from "@/lib/agreement/export-pairs";
import { parseScope } from "@/lib/agreement/scope.schema";
import { ACCESS } from "@/lib/auth/access";
import { computeAgreement } from "@/lib/server/agreement/compute-agreement";
import { withAuth } from "@/lib/server/auth/guards";
import { findExternalIds } from "@/lib/server/sessions/find-external-ids";

/**
 * `GET /api/agreement/export?what=pairs|figures&format=csv|json&…scope`: the figures of the
 * report, or the pairs (one row per turn and criterion) they are computed from, as a download.
 * The pairs CSV feeds `concord agreement --human human_level --judge judge_score --scale 1:4
 * --judge-cuts <fair>,<good>,<excellent>` directly.
 */
export const GET = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (request) => {
  const params = request.nextUrl.searchParams;
  const wanted = exportRequestSchema.parse({ what: params.get("what"), format: params.get("format") });
  const scope = parseScope(params);
  if (!scope.success) throw scope.error;
  const { pairs, report } = await computeAgreement(scope.data);
  const sessionKeys = wanted.what === "pairs" ? await findExternalIds(pairs.units.sessionId) : new Map<number, string>();
  const headers = {
    "cache-control": "private, no-store",
    "content-disposition": `attachment; filename="${exportFileName(wanted, report.scope.judge)}"`,
  };
  if (wanted.format === "csv") {
    const body = wanted.what === "pairs" ? pairsCsv(pairs, sessionKeys) : figuresCsv(report);
    return new Response(body, { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
  }
  const body =
    wanted.what === "pairs"
      ? { scope: report.scope, dataVersion: report.dataVersion, columns: PAIR_COLUMNS, pairs: pairRows(pairs, sessionKeys) }
      : report;
  return Response.json(body, { headers });
});
