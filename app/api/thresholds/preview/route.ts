import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { previewThresholds } from "@/lib/server/thresholds/preview-thresholds";
import { thresholdsSchema } from "@/lib/thresholds/thresholds.schema";

export const dynamic = "force-dynamic";

/**
 * POST /api/thresholds/preview (admins; internal): what saving the draft in the body would
 * change, against the active version. A POST because the draft is a nested document; it
 * writes nothing.
 */
export const POST = withAuth({ roles: ACCESS.administer }, async (request) => {
  const draft = thresholdsSchema.parse(await request.json());
  try {
    return Response.json(await previewThresholds(draft, { signal: request.signal }), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    // The editor moved on to a newer draft and dropped this request: nobody reads the answer.
    if (request.signal.aborted) return new Response(null, { status: 499 });
    throw error;
  }
});
