import "server-only";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { decryptApiKey } from "./api-key-cipher";

/** What the worker needs to call an endpoint, the key decrypted. Never leaves the server. */
export type EndpointCredentials = {
  id: number;
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string | null;
  temperature: number;
  maxConcurrency: number;
  requestsPerMinute: number;
};

export async function findEndpointCredentials(endpointId: number): Promise<EndpointCredentials> {
  const row = await getDb().judgeEndpoint.findUnique({ where: { id: endpointId } });
  if (!row) throw new DomainError("not_found", `Judge endpoint ${endpointId} no longer exists.`);
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    model: row.model,
    apiKey: row.apiKeyCiphertext === null ? null : decryptApiKey(row.apiKeyCiphertext),
    temperature: row.temperature,
    maxConcurrency: row.maxConcurrency,
    requestsPerMinute: row.requestsPerMinute,
  };
}
