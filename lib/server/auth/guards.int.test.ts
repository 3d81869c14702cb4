import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ACCESS, ROLES, type Role } from "@/lib/auth/access";
import { createTestUser } from "@/scripts/test/factories";
import { createApiKey } from "./api-keys";
import { RateLimitedError } from "../errors";
import { errorResponse, PASSWORD_CHANGE_REQUIRED, withAuth } from "./guards";
import { createSession, SESSION_COOKIE } from "./sessions";

// Server actions read the cookie through next/headers, which only exists inside a Next
// request; here it reads a jar the test fills with a real session token from the database.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: () => {},
    delete: () => {},
  }),
  headers: async () => new Headers({ host: "localhost:3000" }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

type Caller = "anonymous" | Role | "ingest key" | "read key" | "one-time password";
const CALLERS: Caller[] = ["anonymous", ...ROLES, "ingest key", "read key"];
const credentials = new Map<Caller, { cookie?: string; bearer?: string }>();

beforeAll(async () => {
  credentials.set("anonymous", {});
  for (const role of ROLES) {
    const user = await createTestUser(role);
    credentials.set(role, { cookie: (await createSession(user.id)).token });
  }
  credentials.set("ingest key", { bearer: (await createApiKey({ name: "t-ingest", scope: "ingest" })).key });
  credentials.set("read key", { bearer: (await createApiKey({ name: "t-read", scope: "read" })).key });
  const oneTime = await createTestUser("admin", { mustChangePassword: true });
  credentials.set("one-time password", { cookie: (await createSession(oneTime.id)).token });
});

function request(caller: Caller, method: string, extraHeaders: Record<string, string> = {}): NextRequest {
  const { cookie, bearer } = credentials.get(caller)!;
  const headers = new Headers({ host: "localhost:3000", ...extraHeaders });
  if (cookie) headers.set("cookie", `${SESSION_COOKIE}=${cookie}`);
  if (bearer) headers.set("authorization", `Bearer ${bearer}`);
  return new NextRequest("http://localhost:3000/api/test", { method, headers });
}

const ok = withAuth({ roles: ACCESS.readDashboards, apiKeyScopes: ["read"] }, async (_request, auth) =>
  Response.json({ user: auth.user?.role ?? null, key: auth.apiKey?.scope ?? null }),
);
const ingestOnly = withAuth({ apiKeyScopes: ["ingest"] }, async () => Response.json({ ok: true }));
const adminPost = withAuth({ roles: ACCESS.administer }, async () => Response.json({ ok: true }, { status: 201 }));
const context = { params: Promise.resolve({}) };

describe("withAuth", () => {
  it.each([
    ["anonymous", 401],
    ["admin", 200],
    ["rater", 403],
    ["viewer", 200],
    ["ingest key", 403],
    ["read key", 200],
  ] as const)("a read route answers %s with %i", async (caller, status) => {
    const response = await ok(request(caller, "GET"), context);

    expect(response.status).toBe(status);
  });

  it.each([
    ["anonymous", 401],
    ["admin", 403],
    ["rater", 403],
    ["viewer", 403],
    ["ingest key", 200],
    ["read key", 403],
  ] as const)("an ingest-only route answers %s with %i", async (caller, status) => {
    const response = await ingestOnly(request(caller, "POST"), context);

    expect(response.status).toBe(status);
  });

  it("says why a key is refused, without revealing anything about other keys", async () => {
    const wrongScope = await ingestOnly(request("read key", "POST"), context);
    const unknown = await ingestOnly(new NextRequest("http://localhost/api/test", { method: "POST", headers: { authorization: "Bearer concord_nope" } }), context);

    expect(await wrongScope.json()).toEqual({ error: "this API key has scope read; this route needs scope ingest" });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("www-authenticate")).toBe('Bearer realm="concord"');
    expect(await unknown.json()).toEqual({ error: "invalid, expired or revoked API key" });
  });

  it("refuses a cross-site POST made with an admin's cookie", async () => {
    const crossSite = await adminPost(request("admin", "POST", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }), context);
    const wrongOrigin = await adminPost(request("admin", "POST", { origin: "https://evil.example" }), context);
    const noProvenance = await adminPost(request("admin", "POST"), context);
    const sameOrigin = await adminPost(request("admin", "POST", { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }), context);
    const sameHost = await adminPost(request("admin", "POST", { origin: "http://localhost:3000" }), context);

    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: "cross-site request refused" });
    expect(wrongOrigin.status).toBe(403);
    expect(noProvenance.status).toBe(403);
    expect(sameOrigin.status).toBe(201);
    expect(sameHost.status).toBe(201);
  });

  it("refuses every route to a session whose one-time password is not changed yet, whatever its role allows", async () => {
    const read = await ok(request("one-time password", "GET"), context);
    const write = await adminPost(request("one-time password", "POST", { "sec-fetch-site": "same-origin" }), context);

    expect(read.status).toBe(403);
    expect(await read.json()).toEqual({ error: PASSWORD_CHANGE_REQUIRED });
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ error: "change your one-time password first, at /account/password" });
  });

  it("answers a rate-limited request with 429 and Retry-After", async () => {
    const response = errorResponse(new RateLimitedError("busy, try again", 3));

    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("3");
    expect(await response.json()).toEqual({ error: "busy, try again" });
  });

  it("recognises a rate-limited error by its shape, as thrown from another copy of the module", async () => {
    const foreign = Object.assign(new Error("busy elsewhere"), { name: "RateLimitedError", code: "rate_limited", retryAfterSeconds: 2 });

    const response = errorResponse(foreign);

    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("2");
  });

  it("turns an unexpected error into a 500 without its details", async () => {
    const failing = withAuth({ roles: ACCESS.signedIn }, async () => {
      throw new Error("secret detail");
    });
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});

    const response = await failing(request("viewer", "GET"), context);

    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "internal error" });
    spy.mockRestore();
  });
});

describe("server actions", () => {
  type Action = (previous: never, formData: FormData) => Promise<unknown>;
  const modules = {
    users: () => import("@/app/settings/users/actions"),
    apiKeys: () => import("@/app/settings/api-keys/actions"),
    verdict: () => import("@/app/settings/verdict/actions"),
    password: () => import("@/app/account/password/actions"),
  };
  const expected: Record<keyof typeof modules, readonly Role[]> = {
    users: ACCESS.administer,
    apiKeys: ACCESS.administer,
    verdict: ACCESS.administer,
    password: ACCESS.signedIn,
  };

  async function call(action: Action, caller: Caller): Promise<unknown> {
    jar.clear();
    const cookie = credentials.get(caller)?.cookie;
    if (cookie) jar.set(SESSION_COOKIE, cookie);
    try {
      return await action({ status: "idle" } as never, new FormData());
    } catch (error) {
      return { thrown: String((error as { digest?: string }).digest ?? error) };
    }
  }

  it.each(Object.keys(modules) as Array<keyof typeof modules>)("every %s action checks the role on the server", async (name) => {
    const module = (await modules[name]()) as Record<string, unknown>;
    const actions = Object.entries(module).filter((entry): entry is [string, Action] => typeof entry[1] === "function");
    expect(actions.length).toBeGreaterThan(0);

    for (const [actionName, action] of actions) {
      for (const caller of CALLERS) {
        const result = await call(action, caller);
        const isRole = (ROLES as readonly string[]).includes(caller);
        if (caller === "one-time password") continue; // below
        if (!isRole) {
          expect(result, `${actionName} as ${caller}`).toEqual({ status: "error", error: "Your session has ended. Sign in again." });
        } else if (!expected[name].includes(caller as Role)) {
          expect(result, `${actionName} as ${caller}`).toEqual({ status: "error", error: "Your role may not do this." });
        } else {
          // Allowed: it gets as far as validating the (empty) form.
          expect(result, `${actionName} as ${caller}`).toMatchObject({ status: "error", error: "Check the highlighted fields." });
        }
      }
    }
  });

  // Every server action module under app/, found on disk so that a new one cannot be forgotten.
  function findActionModules(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return findActionModules(full);
      return entry.name === "actions.ts" ? [full] : [];
    });
  }
  // Open to anyone (sign-in, accepting an invite) or to the one-time password itself.
  const OPEN_TO_ONE_TIME_PASSWORD = new Set(["signOutAction", "acceptInviteAction", "changePasswordAction"]);

  it("refuses every action but the password change to a session whose one-time password is not changed yet", async () => {
    const files = findActionModules(path.join(process.cwd(), "app"));
    expect(files.length).toBeGreaterThanOrEqual(10);
    let checked = 0;

    for (const file of files) {
      const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const [actionName, action] of Object.entries(module)) {
        if (typeof action !== "function" || OPEN_TO_ONE_TIME_PASSWORD.has(actionName)) continue;
        const result = await call(action as Action, "one-time password");
        expect(result, `${actionName} in ${path.relative(process.cwd(), file)}`).toEqual({
          status: "error",
          error: "Change your one-time password first (Account → Password).",
        });
        checked++;
      }
    }
    const password = await import("@/app/account/password/actions");
    expect(await call(password.changePasswordAction as Action, "one-time password")).toMatchObject({ status: "error", error: "Check the highlighted fields." });
    expect(checked).toBeGreaterThanOrEqual(25);
  });
});
