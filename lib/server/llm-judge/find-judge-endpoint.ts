import "server-only";
import type { EndpointView } from "@/lib/llm-judge/endpoint.schema";
import { getDb } from "../db";
import { toEndpointView } from "./endpoint-view";

export async function findJudgeEndpoint(endpointId: number): Promise<EndpointView | null> {
  const row = await getDb().judgeEndpoint.findUnique({ where: { id: endpointId } });
  return row ? toEndpointView(row) : null;
}
