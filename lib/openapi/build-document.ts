import { z } from "zod";
import { OPERATIONS, type Operation } from "./operations";

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of what a client sends (Zod 4, draft 2020-12, which OpenAPI 3.1 uses). */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function queryParameters(operation: Operation): JsonSchema[] {
  if (!operation.query) return [];
  const schema = inputSchema(operation.query);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    ...(operation.queryDescriptions?.[name] ? { description: operation.queryDescriptions[name] } : {}),
    schema: property,
    ...(property.type === "array" ? { style: "form", explode: true } : {}),
  }));
}

function pathParameters(operation: Operation): JsonSchema[] {
  return Object.entries(operation.pathParams ?? {}).map(([name, parameter]) => ({
    name,
    in: "path",
    required: true,
    description: parameter.description,
    schema: inputSchema(parameter.schema),
  }));
}

function exampleUrl(operation: Operation, example: Operation["examples"][number]): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(example.path?.[name] ?? name));
  const query = new URLSearchParams(example.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

function requestBody(operation: Operation): JsonSchema | undefined {
  if (!operation.body) return undefined;
  const content: Record<string, JsonSchema> = {};
  for (const body of operation.body) {
    const examples = Object.fromEntries(
      operation.examples.filter((example) => example.contentType === body.contentType && example.body !== undefined).map((example) => [example.name, { summary: example.summary, value: example.body }]),
    );
    content[body.contentType] = { schema: { ...inputSchema(body.schema), description: body.description }, ...(Object.keys(examples).length ? { examples } : {}) };
  }
  return { required: true, content };
}

const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: { type: "string", description: "What is wrong, in words" },
    problems: { type: "array", items: { type: "object", properties: { path: { type: "string" }, line: { type: ["integer", "null"] }, message: { type: "string" } } } },
    fieldErrors: { type: "object", additionalProperties: { type: "string" } },
  },
};

function responses(operation: Operation): JsonSchema {
  return Object.fromEntries(
    Object.entries(operation.responses).map(([status, description]) => {
      const schema = Number(status) >= 400 ? { $ref: "#/components/schemas/Error" } : { type: "object" };
      const examples = operation.examples.filter((example) => String(example.status) === status);
      return [status, { description, content: { "application/json": { schema } }, ...(examples.length ? { "x-concord-examples": examples.map((example) => ({ name: example.name, summary: example.summary, request: `${operation.method.toUpperCase()} ${exampleUrl(operation, example)}`, scope: example.scope })) } : {}) }];
    }),
  );
}

function security(operation: Operation): JsonSchema[] {
  if (operation.scopes.length === 0) return [];
  return [{ apiKey: operation.scopes }, { session: [] }];
}

/** The OpenAPI 3.1 document of /api/v1, built from OPERATIONS. */
export function buildOpenApiDocument(options: { serverUrl?: string } = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      tags: operation.tags,
      parameters: [...pathParameters(operation), ...queryParameters(operation)],
      ...(operation.body ? { requestBody: requestBody(operation) } : {}),
      responses: responses(operation),
      security: security(operation),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Concord API",
      version: "1",
      description: "LLM-judge calibration and human agreement. Send an API key (Settings → API keys) as `Authorization: Bearer <key>`; its scope decides what it may do.",
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key: scope ingest (import), read (reports and sessions) or score (real-time scoring)" },
        session: { type: "apiKey", in: "cookie", name: "concord_session", description: "A signed-in browser session (admins and viewers)" },
      },
    },
  };
}
