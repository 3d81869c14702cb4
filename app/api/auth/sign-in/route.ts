import { NextResponse, type NextRequest } from "next/server";
import { homePath } from "@/lib/auth/access";
import { signInSchema } from "@/lib/auth/account.schema";
import { clientAddress, isHttps, isSameOrigin, safeNextPath } from "@/lib/server/auth/request-meta";
import { SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { signIn } from "@/lib/server/auth/sign-in";

export const dynamic = "force-dynamic";

/**
 * POST /api/auth/sign-in: the sign-in form posts here (a route, not a server action, so
 * that refusals carry real statuses: 400 bad input, 401 wrong email or password, 429 with
 * Retry-After when locked out or when the server is busy hashing). The page's script asks
 * for JSON; a form posted without script gets redirects instead (303 to where it was going,
 * or back to /sign-in with the reason).
 */
export async function POST(request: NextRequest) {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  if (!isSameOrigin(request.headers)) return Response.json({ error: "cross-site sign-in refused" }, { status: 403 });

  let body: Record<string, unknown>;
  try {
    const isJson = (request.headers.get("content-type") ?? "").includes("application/json");
    body = isJson ? await request.json() : Object.fromEntries((await request.formData()).entries());
  } catch {
    return Response.json({ error: "send the email and password as a form or a JSON object" }, { status: 400 });
  }
  const parsed = signInSchema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    if (!wantsJson) return backToSignIn("invalid", body.next);
    return Response.json({ error: "Enter your email and password.", fieldErrors }, { status: 400 });
  }

  const result = await signIn({
    email: parsed.data.email,
    password: parsed.data.password,
    ipAddress: clientAddress(request.headers),
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) {
    const status = result.reason === "failed" ? 401 : 429;
    const headers: Record<string, string> = result.retryAfterSeconds ? { "retry-after": String(result.retryAfterSeconds) } : {};
    if (!wantsJson && status === 401) return backToSignIn(result.reason, parsed.data.next);
    return Response.json({ error: result.error }, { status, headers });
  }

  const redirect = result.user.mustChangePassword ? "/account/password" : (safeNextPath(parsed.data.next) ?? homePath(result.user.role));
  const response = wantsJson ? NextResponse.json({ redirect }) : new NextResponse(null, { status: 303, headers: { location: redirect } });
  response.cookies.set(SESSION_COOKIE, result.token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request.headers),
    path: "/",
    expires: result.expiresAt,
  });
  return response;
}

function backToSignIn(reason: string, next: unknown): Response {
  const safe = safeNextPath(next);
  const query = new URLSearchParams({ error: reason, ...(safe ? { next: safe } : {}) });
  return new Response(null, { status: 303, headers: { location: `/sign-in?${query}` } });
}
