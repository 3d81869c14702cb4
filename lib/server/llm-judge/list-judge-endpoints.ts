import "server-only";
import type { EndpointView } from "@/lib/llm-judge/endpoint.schema";
import { getDb } from "../db";
import { toEndpointView } from "./endpoint-view";

export async function listJudgeEndpoints(): Promise<EndpointView[]> {
  const rows = await getDb().judgeEndpoint.findMany({ orderBy: { name: "asc" } });
  return rows.map(toEndpointView);
}
