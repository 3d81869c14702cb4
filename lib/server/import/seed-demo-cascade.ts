import "server-only";
import { DEFAULT_TOLERANCE } from "@/lib/cascade/propose-band";
import { getDb } from "@/lib/server/db";
import { createCascade } from "../cascades/create-cascade";
import { proposeCascadeBand } from "../cascades/propose-cascade-band";
import { DEMO_DRIFT_JUDGE } from "./seed-demo-drift";
import { DEMO_PANEL_MEMBERS } from "./seed-demo-panel";

/**
 * The demo's two priced endpoints. They exist for their prices only: the URLs are under
 * .invalid (a name that never resolves) and there is no API key, so nothing can be sent.
 */
export const DEMO_CASCADE_ENDPOINTS = {
  screener: { name: "Demo: small model (prices only, not callable)", baseUrl: "https://screener.demo.invalid/v1", model: "ministral-3b", input: 0.04, output: 0.04 },
  strong: { name: "Demo: gpt-4o-mini (prices only, not callable)", baseUrl: "https://strong.demo.invalid/v1", model: DEMO_DRIFT_JUDGE.model, input: 0.15, output: 0.6 },
} as const;
export const DEMO_CASCADE = "demo-cascade";
/** The cut-off the demo cascade's band is around: Good, the second of the demo's cut-offs. */
export const DEMO_CASCADE_CUTOFF = 0.65;

/**
 * Tokens each demo judge used per turn, as an LLM judge's run would have recorded them: the
 * prompt (rubric and answer, growing with the answer's words) and the reply (the strong
 * judge writes a justification, the screener a score).
 */
const TOKENS_SQL = `
  UPDATE judge_scores s SET input_tokens = $2 + 2 * coalesce(t.word_count, 0), output_tokens = $3 + coalesce(t.word_count, 0) % $4
  FROM turns t WHERE t.id = s.turn_id AND s.judge_id = $1`;

/**
 * A cascade for a new user's report: a cheap screener (demo-judge-c, a noisy member of the
 * demo panel) and a strong judge (demo-gpt-judge p2, the best of the drift versions), each
 * on a demo endpoint with prices and with token counts on its scores, so the cascade card's
 * cost columns are real figures. The band is the one Concord proposes on the demo's ratings
 * around the Good cut-off. Returns the cascade's turns and how many went to the strong judge.
 */
export async function seedDemoCascade(): Promise<{ turns: number; escalated: number }> {
  const db = getDb();
  const screener = await db.judge.findUniqueOrThrow({ where: { name_version: { name: DEMO_PANEL_MEMBERS[2].name, version: "1" } }, select: { id: true } });
  const strong = await db.judge.findUniqueOrThrow({ where: { name_version: { name: DEMO_DRIFT_JUDGE.name, version: "p2" } }, select: { id: true } });
  for (const [role, judge, tokens] of [
    ["screener", screener, [380, 6, 5]],
    ["strong", strong, [620, 90, 61]],
  ] as const) {
    const endpoint = DEMO_CASCADE_ENDPOINTS[role];
    const data = { baseUrl: endpoint.baseUrl, model: endpoint.model, inputPricePerMillion: endpoint.input, outputPricePerMillion: endpoint.output };
    const { id } = await db.judgeEndpoint.upsert({ where: { name: endpoint.name }, update: {}, create: { name: endpoint.name, ...data }, select: { id: true } });
    await db.judge.update({ where: { id: judge.id }, data: { endpointId: id } });
    await db.$executeRawUnsafe(TOKENS_SQL, judge.id, ...tokens);
  }
  const band = await proposeCascadeBand({ screener: screener.id, strong: strong.id, cutoff: DEMO_CASCADE_CUTOFF, tolerance: DEFAULT_TOLERANCE });
  const width = band.suggestedHalfWidth ?? 0;
  const cascade = await createCascade({ name: DEMO_CASCADE, screener: screener.id, strong: strong.id, cutoff: DEMO_CASCADE_CUTOFF, below: width, above: width, tolerance: DEFAULT_TOLERANCE });
  return { turns: cascade.turns, escalated: cascade.escalated };
}
