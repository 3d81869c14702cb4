import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { importErrorResponse } from "@/lib/server/import/import-error-response";
import { importNativeUpload } from "@/lib/server/import/import-native-upload";

/**
 * The import page's "From another tool" (admin session cookie): an export of Langfuse,
 * LangSmith, Phoenix, Label Studio, Argilla or Inspect, previewed with dry_run=true, then imported.
 */
export const POST = withAuth({ roles: ACCESS.administer }, async (request, auth) => {
  try {
    const result = await importNativeUpload(request, { source: "web", userId: auth.user?.id ?? null });
    return Response.json(result, { status: result.status === "created" ? 201 : 200 });
  } catch (error) {
    const response = importErrorResponse(error);
    if (response) return response;
    throw error;
  }
});
