import "server-only";
import type { EndpointForm, EndpointView } from "@/lib/llm-judge/endpoint.schema";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { encryptApiKey } from "./api-key-cipher";
import { toEndpointView } from "./endpoint-view";

function nameTaken(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/**
 * Creates an endpoint (no endpointId) or updates one. A typed key is encrypted before it
 * reaches the database; an empty key field keeps the stored one; clearApiKey removes it.
 */
export async function saveJudgeEndpoint(input: EndpointForm): Promise<EndpointView> {
  const apiKeyCiphertext = input.apiKey ? encryptApiKey(input.apiKey) : input.clearApiKey ? null : undefined;
  const data = {
    name: input.name,
    baseUrl: input.baseUrl,
    model: input.model,
    temperature: input.temperature,
    maxConcurrency: input.maxConcurrency,
    requestsPerMinute: input.requestsPerMinute,
    ...(apiKeyCiphertext === undefined ? {} : { apiKeyCiphertext }),
  };
  const db = getDb();
  try {
    if (input.endpointId === undefined) return toEndpointView(await db.judgeEndpoint.create({ data }));
    const { count } = await db.judgeEndpoint.updateMany({ where: { id: input.endpointId }, data });
    if (count === 0) throw new DomainError("not_found", "That endpoint no longer exists.");
    return toEndpointView(await db.judgeEndpoint.findUniqueOrThrow({ where: { id: input.endpointId } }));
  } catch (error) {
    if (nameTaken(error)) throw new DomainError("conflict", `An endpoint named "${input.name}" already exists.`, { name: "Choose another name" });
    throw error;
  }
}
