import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { API_KEY_SCOPES } from "@/lib/auth/access";
import { OPERATIONS, type Operation, type OperationExample } from "@/lib/openapi/operations";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { getDb } from "@/lib/server/db";

// The OpenAPI description must not drift from the routes: every route file under
// app/api/v1 is described, method by method, and each documented example, sent to the real
// handler with a key of its documented scope, gets its documented status.

const V1 = path.join(process.cwd(), "app", "api", "v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string, prefix: string): Array<{ openApiPath: string; file: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full, `${prefix}/${entry.name.replace(/^\[(\w+)\]$/, "{$1}")}`);
    return entry.name === "route.ts" ? [{ openApiPath: prefix, file: full }] : [];
  });
}

const routes = routeFiles(V1, "/api/v1");
const keys: Record<string, string> = {};

beforeAll(async () => {
  for (const scope of API_KEY_SCOPES) keys[scope] = (await createApiKey({ name: `openapi-${scope}`, scope })).key;
});

/** Ids the examples name by the session's own id, as the route takes them. */
async function pathValue(name: string, value: string): Promise<string> {
  if (name !== "id") return value;
  const session = await getDb().evalSession.findUnique({ where: { externalId: value }, select: { id: true } });
  return session ? String(session.id) : value;
}

async function send(operation: Operation, example: OperationExample): Promise<Response> {
  let urlPath = operation.path;
  for (const [name, value] of Object.entries(example.path ?? {})) urlPath = urlPath.replace(`{${name}}`, encodeURIComponent(await pathValue(name, value)));
  const query = new URLSearchParams(example.query ?? {}).toString();
  const headers = new Headers({ host: "localhost:3000" });
  if (example.scope) headers.set("authorization", `Bearer ${keys[example.scope]}`);
  if (example.contentType) headers.set("content-type", example.contentType);
  const body = example.body === undefined ? undefined : example.contentType?.includes("json") && example.contentType !== "application/x-ndjson" ? JSON.stringify(example.body) : String(example.body);
  const request = new NextRequest(`http://localhost:3000${urlPath}${query ? `?${query}` : ""}`, { method: operation.method.toUpperCase(), headers, body });
  const route = routes.find((candidate) => candidate.openApiPath === operation.path);
  if (!route) throw new Error(`no route file for ${operation.path}`);
  const module = (await import(/* @vite-ignore */ route.file)) as Record<string, (request: NextRequest, context: { params: Promise<unknown> }) => Promise<Response>>;
  const params = Object.fromEntries(await Promise.all(Object.entries(example.path ?? {}).map(async ([name, value]) => [name, await pathValue(name, value)])));
  return module[operation.method.toUpperCase()](request, { params: Promise.resolve(params) });
}

describe("the OpenAPI description against the routes", () => {
  it("finds the v1 route files", () => {
    expect(routes.map((route) => route.openApiPath)).toEqual(expect.arrayContaining(["/api/v1/sessions", "/api/v1/sessions/{id}", "/api/v1/openapi.json"]));
  });

  it.each(routes)("describes every method of $openApiPath", ({ openApiPath, file }) => {
    const source = readFileSync(file, "utf8");
    const exported = METHODS.filter((method) => new RegExp(`export (const|async function|function) ${method}\\b`).test(source));
    expect(exported.length).toBeGreaterThan(0);
    for (const method of exported) {
      const operation = OPERATIONS.find((candidate) => candidate.path === openApiPath && candidate.method === method.toLowerCase());
      expect(operation, `${method} ${openApiPath} is not in lib/openapi/operations.ts`).toBeDefined();
    }
  });

  it("lists no operation without a route", () => {
    for (const operation of OPERATIONS) expect(routes.map((route) => route.openApiPath), operation.operationId).toContain(operation.path);
  });

  // In order: the import example stores the session the later examples read.
  it("answers each documented example with its documented status", async () => {
    for (const operation of OPERATIONS) {
      for (const example of operation.examples) {
        const response = await send(operation, example);
        const text = await response.text();
        expect(response.status, `${operation.method.toUpperCase()} ${operation.path} — ${example.name}: ${text.slice(0, 300)}`).toBe(example.status);
        if (operation.path === "/api/v1/openapi.json") expect(JSON.parse(text).openapi).toBe("3.1.0");
      }
    }
  });
});
