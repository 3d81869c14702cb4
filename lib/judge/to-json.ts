// JSON text of metric objects. JSON.stringify writes -0 as 0, but the seed's rounding yields
// -0.0 (round(-0.004, 2)) and Python's json.dumps keeps it; "-0.0" also parses back to -0 in
// both languages, so the sign survives a round trip through the CLI.
import type { TurnMetrics } from "./types";

/** JSON.stringify for plain data (objects, arrays, strings, numbers, booleans, null), keeping -0. */
export function toJson(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0.0" : JSON.stringify(value);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item ?? null)).join(",")}]`;
  const fields: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field !== undefined) fields.push(`${JSON.stringify(key)}:${toJson(field)}`);
  }
  return `{${fields.join(",")}}`;
}

/**
 * toJson of a scoreTurn result, written field by field (the CLI writes one per input line, and
 * walking the object generically costs more than scoring it). Same text as toJson.
 */
export function turnMetricsJson(metrics: TurnMetrics): string {
  const { length: l, sentiment: s, completeness: c, critical_intensity: k, resonance: r } = metrics;
  let json =
    `{"length":{"char_count":${num(l.char_count)},"word_count":${num(l.word_count)},"sentence_count":${num(l.sentence_count)},` +
    `"avg_sentence_length":${num(l.avg_sentence_length)},"length_score":${num(l.length_score)}},` +
    `"sentiment":{"sentiment_score":${num(s.sentiment_score)},"positive_count":${num(s.positive_count)},` +
    `"negative_count":${num(s.negative_count)},"neutral_ratio":${num(s.neutral_ratio)},"confidence":${num(s.confidence)}},` +
    `"completeness":{"has_reasoning":${c.has_reasoning},"has_concrete_example":${c.has_concrete_example},` +
    `"addresses_prompt":${c.addresses_prompt},"keyword_coverage":${num(c.keyword_coverage)},` +
    `"role_alignment":${num(c.role_alignment)},"completeness_score":${num(c.completeness_score)}},"critical_intensity":`;
  json +=
    k === null
      ? "null"
      : `{"critical_keywords_count":${num(k.critical_keywords_count)},"question_count":${num(k.question_count)},` +
        `"disagreement_level":${num(k.disagreement_level)},"intensity_score":${num(k.intensity_score)}}`;
  if (r !== undefined) {
    json +=
      `,"resonance":{"impact_score":${num(r.impact_score)},"transparency":${num(r.transparency)},` +
      `"reproducibility":${num(r.reproducibility)},"verifiability":${num(r.verifiability)},"notes":${JSON.stringify(r.notes)}}`;
  }
  return `${json},"overall_score":${num(metrics.overall_score)}}`;
}

/** The text of k/100 for k = -100…100 at [k + 100]: most metric values are such a value. */
const HUNDREDTHS = Array.from({ length: 201 }, (_, i) => String((i - 100) / 100));

/** toJson of a number: JSON.stringify's text (null when not finite), -0 as -0.0. */
function num(value: number): string {
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0";
  // value is k/100 exactly when it is the same double: then its text is k/100's.
  const k = Math.round(value * 100);
  if (k >= -100 && k <= 100 && k / 100 === value) return HUNDREDTHS[k + 100];
  return Number.isFinite(value) ? String(value) : "null";
}
