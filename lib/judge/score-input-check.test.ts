import { describe, expect, it } from "vitest";
import { asScoreInput } from "./score-input-check";
import { scoreInputSchema } from "./score-input.schema";
import { scoreTurn } from "./score-turn";
import { toJson } from "./to-json";
import { uniformSource } from "@/lib/stats/seeded-random";


const STRINGS = ["", "Hope and risk, because.", "antithesis", "Critical reflector", "탐색?"];
const ODD_VALUES = [null, 0, -1, 1.5, -0, 2 ** 53, 1e300, true, false, "", "3", [], ["a", 1], ["x", "y"], {}, [null]];

/** A value JSON could give: mostly a good turn, with one field in ten missing or of another kind. */
function randomValue(random: () => number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  if (random() < 0.03) return pick([null, "x", 3, [], [{ response: "" }], true]);
  const good: Record<string, unknown> = {
    response: pick(STRINGS), seed_prompt: pick(STRINGS), persona_id: pick(STRINGS), persona_role: pick(STRINGS),
    tools_used: ["search"], facts_verified: 2, facts_total: 3, reproducible: true, external_references: [],
  };
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(good)) {
    const roll = random();
    const isOptional = !["response", "seed_prompt", "persona_id", "persona_role"].includes(key);
    if (roll < 0.1) continue;
    if (roll < 0.2) value[key] = pick(ODD_VALUES);
    else if (!isOptional || roll < 0.6) value[key] = field;
  }
  if (random() < 0.2) value.extra = pick(ODD_VALUES);
  return value;
}

describe("asScoreInput", () => {
  it("accepts exactly what scoreInputSchema accepts, and the turn scores the same, on 20,000 random values", () => {
    const random = uniformSource(606);
    let accepted = 0;
    const wrong: unknown[] = [];
    for (let k = 0; k < 20_000; k++) {
      const value = randomValue(random);
      const parsed = scoreInputSchema.safeParse(value);
      const fast = asScoreInput(value);
      if ((fast !== undefined) !== parsed.success) wrong.push({ value, schema: parsed.success });
      else if (fast !== undefined && parsed.success) {
        accepted++;
        if (toJson(scoreTurn(fast)) !== toJson(scoreTurn(parsed.data))) wrong.push({ value, scores: "differ" });
      }
    }
    expect(wrong.slice(0, 3)).toStrictEqual([]);
    expect(accepted).toBeGreaterThan(2_000);
    expect(accepted).toBeLessThan(18_000);
  });

  it("refuses counts outside Zod's safe integers and arrays holding a non-string", () => {
    const turn = { response: "", seed_prompt: "", persona_id: "", persona_role: "" };
    expect(asScoreInput(turn)).toBe(turn);
    expect(asScoreInput({ ...turn, facts_total: 2 ** 53 })).toBeUndefined();
    expect(asScoreInput({ ...turn, facts_total: -1 })).toBeUndefined();
    expect(asScoreInput({ ...turn, facts_total: 0.5 })).toBeUndefined();
    expect(asScoreInput({ ...turn, tools_used: ["a", 1] })).toBeUndefined();
    expect(asScoreInput({ ...turn, reproducible: null })).toBeUndefined();
    expect(asScoreInput([turn])).toBeUndefined();
  });
});
