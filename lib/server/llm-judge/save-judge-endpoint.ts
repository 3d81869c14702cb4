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

export const KEY_NEEDED_FOR_NEW_URL =
  "The base URL changed: type the API key again (it is sent to the new URL), or tick “Remove the stored key”.";

/**
 * Creates an endpoint (no endpointId) or updates one. A typed key is encrypted before it
 * reaches the database; an empty key field keeps the stored one; clearApiKey removes it.
 * A stored key is only ever kept for the URL it was typed for: an edit that changes the
 * base URL without a new key (or without removing the old one) is refused, else the key
 * would be sent to wherever the endpoint now points.
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
    inputPricePerMillion: input.inputPricePerMillion ?? null,
    outputPricePerMillion: input.outputPricePerMillion ?? null,
    ...(apiKeyCiphertext === undefined ? {} : { apiKeyCiphertext }),
  };
  const db = getDb();
  try {
    if (input.endpointId === undefined) return toEndpointView(await db.judgeEndpoint.create({ data }));
    // Keeping the key: the row must still have this URL (or no key), checked in the same
    // statement as the write so a concurrent edit cannot slip between check and update.
    const keepsKey = apiKeyCiphertext === undefined;
    const where = keepsKey ? { id: input.endpointId, OR: [{ baseUrl: input.baseUrl }, { apiKeyCiphertext: null }] } : { id: input.endpointId };
    const { count } = await db.judgeEndpoint.updateMany({ where, data });
    if (count === 0) {
      const exists = await db.judgeEndpoint.count({ where: { id: input.endpointId } });
      if (exists === 0) throw new DomainError("not_found", "That endpoint no longer exists.");
      throw new DomainError("invalid", KEY_NEEDED_FOR_NEW_URL, { apiKey: "Type the key again for the new URL" });
    }
    return toEndpointView(await db.judgeEndpoint.findUniqueOrThrow({ where: { id: input.endpointId } }));
  } catch (error) {
    if (nameTaken(error)) throw new DomainError("conflict", `An endpoint named "${input.name}" already exists.`, { name: "Choose another name" });
    throw error;
  }
}
