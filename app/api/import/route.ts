import { ACCESS } from "@/lib/auth/access";
import { withAuth } from "@/lib/server/auth/guards";
import { importErrorResponse } from "@/lib/server/import/import-error-response";
import { importUploadedFile } from "@/lib/server/import/import-uploaded-file";

/**
 * The import page's upload (admin session cookie): one file per request as
 * multipart/form-data, options as query parameters; answers like POST /api/v1/sessions.
 */
export const POST = withAuth({ roles: ACCESS.administer }, async (request, auth) => {
  try {
    const result = await importUploadedFile(request, { source: "web", userId: auth.user?.id ?? null });
    return Response.json(result, { status: result.status === "created" ? 201 : 200 });
  } catch (error) {
    const response = importErrorResponse(error);
    if (response) return response;
    throw error;
  }
});
