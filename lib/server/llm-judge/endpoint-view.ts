import "server-only";
import type { EndpointView } from "@/lib/llm-judge/endpoint.schema";
import type { JudgeEndpoint } from "@/prisma/generated/client";

/** The browser's view of an endpoint row: everything but the key, which becomes "set or not". */
export function toEndpointView(row: JudgeEndpoint): EndpointView {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    model: row.model,
    hasApiKey: row.apiKeyCiphertext !== null,
    temperature: row.temperature,
    maxConcurrency: row.maxConcurrency,
    requestsPerMinute: row.requestsPerMinute,
    inputPricePerMillion: row.inputPricePerMillion,
    outputPricePerMillion: row.outputPricePerMillion,
    updatedAt: row.updatedAt,
  };
}
