import { getHealth } from "@/lib/server/get-health";

export const dynamic = "force-dynamic";

/**
 * GET /api/health: 200 `{status: "ok", db: "up", …}` when the database answers and every
 * migration is applied; else 503, `{status: "unavailable", db: "down"}` when it does not
 * answer (the reason is in the server's log, not here).
 */
export async function GET() {
  const health = await getHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
