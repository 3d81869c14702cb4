import { buildOpenApiDocument } from "@/lib/openapi/build-document";

/** `GET /api/v1/openapi.json`: the OpenAPI 3.1 description of /api/v1. Public: it holds no data. */
export function GET(): Response {
  return Response.json(buildOpenApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
