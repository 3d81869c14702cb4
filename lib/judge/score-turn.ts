// Scores one persona turn: every metric of seed 002 §3 and the overall score of §4.1.
import { compileConfig } from "./compiled-config";
import { calculateOverallScore } from "./overall";
import { completenessOf } from "./completeness";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "./config";
import { criticalIntensityOf } from "./critical-intensity";
import { lengthOf } from "./length";
import { pythonLower } from "./python-lower";
import { calculateResonance } from "./resonance";
import type { ScoreInput } from "./score-input.schema";
import { scanResponse } from "./scan-response";
import { sentimentOf } from "./sentiment";
import type { ResonanceInput, TurnMetrics } from "./types";

/**
 * The full metric object of a turn, keys in the seed's order. `resonance` is included only
 * when the input carries at least one resonance field (the others then default to the seed's
 * empty values); `critical_intensity` is null except for the critical persona.
 */
export function scoreTurn(input: ScoreInput, config: JudgeConfig = DEFAULT_JUDGE_CONFIG): TurnMetrics {
  const compiled = compileConfig(config);
  const { response, persona_id: personaId } = input;
  // One pass counts what the length, sentiment and critical metrics need from the text itself.
  const scan = scanResponse(response, compiled);
  const responseLower = scan.isPlainLower ? response.toLowerCase() : pythonLower(response);
  const length = lengthOf(scan);
  const sentiment = sentimentOf(scan);
  const completeness = completenessOf(responseLower, input.seed_prompt, input.persona_role, compiled, scan);
  const critical =
    personaId === config.criticalPersonaId
      ? criticalIntensityOf(responseLower, scan, sentiment.sentiment_score, compiled)
      : null;
  const overall = calculateOverallScore(length, sentiment, completeness, critical, personaId, config);
  const resonanceInput = resonanceInputOf(input);
  if (resonanceInput === undefined) {
    return { length, sentiment, completeness, critical_intensity: critical, overall_score: overall };
  }
  const resonance = calculateResonance(response, resonanceInput);
  return { length, sentiment, completeness, critical_intensity: critical, resonance, overall_score: overall };
}

function resonanceInputOf(input: ScoreInput): ResonanceInput | undefined {
  const { tools_used, facts_verified, facts_total, reproducible, external_references } = input;
  const fields = [tools_used, facts_verified, facts_total, reproducible, external_references];
  if (fields.every((field) => field === undefined)) return undefined;
  return {
    tools_used: tools_used ?? [],
    facts_verified: facts_verified ?? 0,
    facts_total: facts_total ?? 0,
    reproducible: reproducible ?? false,
    external_references: external_references ?? [],
  };
}
