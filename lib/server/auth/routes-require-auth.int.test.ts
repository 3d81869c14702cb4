import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

// Every route handler under app/api, found on disk so a new route cannot be forgotten:
// called with no credentials at all, each must refuse (401) — except the few public ones
// (health, sign-in itself, tested in app/api/auth/sign-in/route.int.test.ts, and the API's
// OpenAPI description, which holds no data).
const PUBLIC_ROUTES = new Set(["/api/health", "/api/auth/sign-in", "/api/v1/openapi.json"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function findRoutes(dir: string, prefix: string): Array<{ urlPath: string; file: string }> {
  const found: Array<{ urlPath: string; file: string }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findRoutes(full, `${prefix}/${entry.name}`));
    else if (entry.name === "route.ts") found.push({ urlPath: prefix, file: full });
  }
  return found;
}

const routes = findRoutes(path.join(process.cwd(), "app", "api"), "/api");

describe("route handlers without credentials", () => {
  it("finds the API routes", () => {
    expect(routes.map((route) => route.urlPath)).toEqual(expect.arrayContaining(["/api/health", "/api/v1/sessions"]));
  });

  it.each(routes.filter((route) => !PUBLIC_ROUTES.has(route.urlPath)))("$urlPath refuses anonymous callers", async ({ urlPath, file }) => {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const handlers = METHODS.filter((method) => typeof module[method] === "function");
    expect(handlers.length).toBeGreaterThan(0);

    for (const method of handlers) {
      // Dynamic segments get a plausible value; the check must fail before they matter.
      const concrete = urlPath.replace(/\[\.{0,3}(\w+)\]/g, "1");
      const request = new NextRequest(`http://localhost:3000${concrete}`, {
        method,
        headers: { host: "localhost:3000", "content-type": "application/json" },
        body: method === "GET" || method === "DELETE" ? undefined : "{}",
      });
      const params = Promise.resolve(new Proxy({}, { get: () => "1" }));
      const handler = module[method] as (request: NextRequest, context: { params: Promise<unknown> }) => Promise<Response>;

      const response = await handler(request, { params });

      expect(response.status, `${method} ${urlPath}`).toBe(401);
    }
  });
});
