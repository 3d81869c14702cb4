import "server-only";
import { cookies, headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import type { NextRequest } from "next/server";
import { cache } from "react";
import { z } from "zod";
import { homePath, type ApiKeyScope, type Role } from "@/lib/auth/access";
import { DomainError, HTTP_STATUS, isRateLimited } from "../errors";
import { findApiKey, type ApiKeyPrincipal } from "./api-keys";
import { isSameOrigin, requestPath } from "./request-meta";
import { findSessionUser, SESSION_COOKIE, type SessionUser } from "./sessions";

/**
 * Authorisation, in one place. Every page calls requireUser, every route handler is
 * wrapped in withAuth, every server action in authorizedAction; each names the roles (and
 * API-key scopes) it admits, from the table in lib/auth/access.ts.
 */

/** The signed-in user of this request, or null (looked up once per request). */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return findSessionUser(token);
});

/**
 * For pages: the signed-in user when their role is allowed. Signed out: redirect to
 * sign-in (and back here afterwards). Wrong role: a 403 page. A user who must change a
 * one-time password is sent to do that first.
 */
export async function requireUser(roles: readonly Role[], options: { allowPasswordChange?: boolean } = {}): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) {
    const here = requestPath(await headers());
    redirect(here ? `/sign-in?next=${encodeURIComponent(here)}` : "/sign-in");
  }
  if (user.mustChangePassword && !options.allowPasswordChange) redirect("/account/password");
  if (!roles.includes(user.role)) forbidden();
  return user;
}

/** For "/": the signed-in user's home, or sign-in. */
export async function redirectHome(): Promise<never> {
  const user = await getCurrentUser();
  redirect(user ? homePath(user.role) : "/sign-in");
}

export type RequestAuth = { user: SessionUser | null; apiKey: ApiKeyPrincipal | null };
export type RouteAccess = { roles?: readonly Role[]; apiKeyScopes?: readonly ApiKeyScope[] };

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Until a one-time password is changed, its session may do nothing else: not through a
 *  page, a route or an action (a leaked one-time password must not be usable as is). */
export const PASSWORD_CHANGE_REQUIRED = "change your one-time password first, at /account/password";

function jsonError(status: number, error: string, extra: Record<string, unknown> = {}, init: ResponseInit = {}) {
  return Response.json({ error, ...extra }, { status, ...init });
}

async function authenticate(request: NextRequest, access: RouteAccess): Promise<RequestAuth | Response> {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const apiKey = match ? await findApiKey(match[1]) : null;
    if (!apiKey) {
      return jsonError(401, "invalid, expired or revoked API key", {}, { headers: { "www-authenticate": 'Bearer realm="concord"' } });
    }
    if (!access.apiKeyScopes?.includes(apiKey.scope)) {
      const needed = access.apiKeyScopes?.length ? `needs scope ${access.apiKeyScopes.join(" or ")}` : "does not take API keys";
      return jsonError(403, `this API key has scope ${apiKey.scope}; this route ${needed}`);
    }
    return { user: null, apiKey };
  }

  const user = await findSessionUser(request.cookies.get(SESSION_COOKIE)?.value);
  if (!user) {
    return jsonError(401, "sign in, or send an API key as Authorization: Bearer <key>", {}, {
      headers: { "www-authenticate": 'Bearer realm="concord"' },
    });
  }
  if (user.mustChangePassword) return jsonError(403, PASSWORD_CHANGE_REQUIRED);
  if (!access.roles?.includes(user.role)) return jsonError(403, `your role (${user.role}) may not use this route`);
  if (UNSAFE_METHODS.has(request.method) && !isSameOrigin(request.headers)) {
    return jsonError(403, "cross-site request refused");
  }
  return { user, apiKey: null };
}

/** Maps what a service threw to a JSON response; unexpected errors are logged, not shown. */
export function errorResponse(error: unknown): Response {
  if (isRateLimited(error)) {
    return jsonError(429, error.message, {}, { headers: { "retry-after": String(error.retryAfterSeconds) } });
  }
  if (error instanceof DomainError) {
    return jsonError(HTTP_STATUS[error.code], error.message, error.fieldErrors ? { fieldErrors: error.fieldErrors } : {});
  }
  if (error instanceof z.ZodError) {
    return jsonError(400, "invalid request", {
      problems: error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    });
  }
  console.error(error);
  return jsonError(500, "internal error");
}

/** Wraps a route handler: authenticates, authorises, and maps thrown errors to responses. */
export function withAuth<P = Record<string, string>>(
  access: RouteAccess,
  handler: (request: NextRequest, auth: RequestAuth, context: { params: Promise<P> }) => Promise<Response>,
) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    try {
      const auth = await authenticate(request, access);
      if (auth instanceof Response) return auth;
      return await handler(request, auth, context);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export type ActionState<T = undefined> =
  | { status: "idle" }
  | { status: "ok"; message?: string; data?: T }
  | { status: "error"; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

export const IDLE: ActionState<never> = { status: "idle" };

/**
 * What the user typed, minus secrets, so a form that failed can show it again: React
 * resets a form after its action, and nobody should have to type an email twice.
 */
export function echoValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !key.startsWith("$ACTION") && !/password|token/i.test(key)) values[key] = value;
  }
  return values;
}

function formToObject(formData: FormData): Record<string, FormDataEntryValue> {
  const object: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of formData.entries()) if (!key.startsWith("$ACTION")) object[key] = value;
  return object;
}

/**
 * Wraps a server action used with useActionState: checks the session and role on the
 * server, validates the form with the shared Zod schema, and turns domain errors into
 * messages next to the fields. (Next itself refuses cross-site server-action posts.)
 * A user with a one-time password is refused unless the action allows a password change.
 */
export function authorizedAction<S extends z.ZodType, T>(
  roles: readonly Role[],
  schema: S,
  run: (input: z.infer<S>, user: SessionUser) => Promise<{ message?: string; data?: T } | void>,
  options: { allowPasswordChange?: boolean } = {},
) {
  return async (_previous: ActionState<T>, formData: FormData): Promise<ActionState<T>> => {
    const user = await getCurrentUser();
    if (!user) return { status: "error", error: "Your session has ended. Sign in again." };
    if (user.mustChangePassword && !options.allowPasswordChange) {
      return { status: "error", error: "Change your one-time password first (Account → Password)." };
    }
    if (!roles.includes(user.role)) return { status: "error", error: "Your role may not do this." };
    const parsed = schema.safeParse(formToObject(formData));
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
      return { status: "error", error: "Check the highlighted fields.", fieldErrors, values: echoValues(formData) };
    }
    try {
      const result = await run(parsed.data, user);
      return { status: "ok", ...(result ?? {}) };
    } catch (error) {
      if (error instanceof DomainError || isRateLimited(error)) {
        return { status: "error", error: error.message, fieldErrors: error.fieldErrors, values: echoValues(formData) };
      }
      console.error(error);
      return { status: "error", error: "Something went wrong. Try again, or check the server log.", values: echoValues(formData) };
    }
  };
}
