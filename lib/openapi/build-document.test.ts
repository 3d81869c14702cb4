import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./build-document";
import { OPERATIONS, type Operation, type OperationExample } from "./operations";

type Doc = { openapi: string; paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown>; security: unknown[] }>> };

const doc = buildOpenApiDocument() as unknown as Doc;

/** Whether an example's query and body pass the operation's own schemas. */
function isValidRequest(operation: Operation, example: OperationExample): boolean {
  if (operation.query && !operation.query.safeParse(example.query ?? {}).success) return false;
  if (example.body === undefined) return true;
  const body = operation.body?.find((candidate) => candidate.contentType === example.contentType);
  if (!body) return false;
  if (example.contentType === "application/x-ndjson") {
    return String(example.body)
      .split("\n")
      .every((line) => body.schema.safeParse(JSON.parse(line)).success);
  }
  return body.schema.safeParse(example.body).success;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with one entry per listed operation", () => {
    expect(doc.openapi).toBe("3.1.0");
    const described = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(described.sort()).toEqual(OPERATIONS.map((operation) => `${operation.method} ${operation.path}`).sort());
  });

  it("describes every path parameter of every path template", () => {
    for (const operation of OPERATIONS) {
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const parameters = doc.paths[operation.path][operation.method].parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
      expect(parameters, operation.operationId).toEqual(names);
    }
  });

  it("lists the agreement scope's parameters as query parameters", () => {
    const names = doc.paths["/api/v1/agreement"].get.parameters.map((parameter) => parameter.name);
    expect(names).toEqual(["judge", "judgeVersion", "thresholds", "persona", "criterion", "from", "to", "import", "by"]);
  });

  it("documents each example's status among the operation's responses", () => {
    for (const operation of OPERATIONS) {
      for (const example of operation.examples) expect(Object.keys(operation.responses), `${operation.operationId} ${example.name}`).toContain(String(example.status));
    }
  });

  it("gives every example a request its schemas accept, except the examples of a 400", () => {
    for (const operation of OPERATIONS) {
      for (const example of operation.examples) {
        expect(isValidRequest(operation, example), `${operation.operationId} ${example.name}`).toBe(example.status !== 400);
      }
    }
  });

  it("asks for an API key of the right scope on every operation but its own description", () => {
    expect(doc.paths["/api/v1/openapi.json"].get.security).toEqual([]);
    expect(doc.paths["/api/v1/sessions"].post.security).toEqual([{ apiKey: ["ingest"] }, { session: [] }]);
    expect(doc.paths["/api/v1/agreement/verdict"].get.security).toEqual([{ apiKey: ["read"] }, { session: [] }]);
  });
});
