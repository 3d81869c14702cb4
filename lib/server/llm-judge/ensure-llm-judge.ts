import "server-only";
import { llmJudgeName, PROMPT_VERSION } from "@/lib/llm-judge/chat";
import { getDb } from "../db";

/**
 * The judges row of an endpoint's model: `llm:<model>`, version = the prompt version,
 * kind llm, pointing at the endpoint that last ran it. Created on first use.
 */
export async function ensureLlmJudge(endpoint: { id: number; name: string; model: string; temperature: number }): Promise<number> {
  const config = {
    promptVersion: PROMPT_VERSION,
    endpointName: endpoint.name,
    model: endpoint.model,
    temperature: endpoint.temperature,
    overallScore: "levels: the middle of the overall level's band under the cut-offs in metrics.thresholds; numeric criteria: the number on the criterion's scale (range and 0–1 position in metrics); label criteria: judge_labels",
  };
  const rows = await getDb().$queryRaw<Array<{ id: number }>>`
    INSERT INTO judges (name, version, kind, endpoint_id, config)
    VALUES (${llmJudgeName(endpoint.model)}, ${PROMPT_VERSION}, 'llm'::judge_kind, ${endpoint.id}, ${JSON.stringify(config)}::jsonb)
    ON CONFLICT (name, version) DO UPDATE SET endpoint_id = EXCLUDED.endpoint_id, config = EXCLUDED.config
    RETURNING id`;
  return rows[0].id;
}
