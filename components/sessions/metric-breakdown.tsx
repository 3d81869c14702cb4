import { formatScore } from "@/lib/sessions/format";
import type { TurnMetricsView } from "@/lib/sessions/turn-metrics.schema";
import styles from "./turn-timeline.module.css";

type Metric = { name: string; score: number | null | undefined; details: string[]; absent?: string };

function count(value: number | null | undefined, one: string, many = `${one}s`): string | null {
  if (value === null || value === undefined) return null;
  return `${value} ${value === 1 ? one : many}`;
}

function flag(value: boolean | null | undefined, label: string): string | null {
  if (value === null || value === undefined) return null;
  return `${label} ${value ? "yes" : "no"}`;
}

function part(label: string, value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : `${label} ${formatScore(value)}`;
}

function metricsOf(m: TurnMetricsView): Metric[] {
  const keep = (items: Array<string | null>) => items.filter((item): item is string => item !== null);
  return [
    {
      name: "Length",
      score: m.length?.length_score,
      details: keep([
        count(m.length?.char_count, "character"),
        count(m.length?.word_count, "word"),
        count(m.length?.sentence_count, "sentence"),
        m.length?.avg_sentence_length == null ? null : `${m.length.avg_sentence_length} words per sentence`,
      ]),
    },
    {
      name: "Sentiment",
      score: m.sentiment?.sentiment_score,
      details: keep([
        count(m.sentiment?.positive_count, "positive word"),
        count(m.sentiment?.negative_count, "negative word"),
        part("neutral ratio", m.sentiment?.neutral_ratio),
        part("confidence", m.sentiment?.confidence),
      ]),
    },
    {
      name: "Completeness",
      score: m.completeness?.completeness_score,
      details: keep([
        flag(m.completeness?.has_reasoning, "reasoning"),
        flag(m.completeness?.has_concrete_example, "example"),
        flag(m.completeness?.addresses_prompt, "addresses prompt"),
        part("keyword coverage", m.completeness?.keyword_coverage),
        part("role alignment", m.completeness?.role_alignment),
      ]),
    },
    {
      name: "Critical intensity",
      score: m.critical_intensity?.intensity_score,
      absent: "measured for antithesis turns only",
      details: keep([
        count(m.critical_intensity?.critical_keywords_count, "critical keyword"),
        count(m.critical_intensity?.question_count, "question"),
        part("disagreement", m.critical_intensity?.disagreement_level),
      ]),
    },
    {
      name: "Resonance",
      score: m.resonance?.impact_score,
      absent: "no resonance data in the log",
      details: keep([
        part("transparency", m.resonance?.transparency),
        part("reproducibility", m.resonance?.reproducibility),
        part("verifiability", m.resonance?.verifiability),
        m.resonance?.notes ?? null,
      ]),
    },
  ];
}

/** The judge's metric parts of one turn (seed 002 §3), readable without opening the JSON. */
export function MetricBreakdown({ metrics, rationale }: { metrics: TurnMetricsView | null; rationale: string | null }) {
  if (!metrics) {
    return (
      <div className={styles.metricsEmpty}>
        <p className="muted">This judge gave no metric breakdown.</p>
        {rationale ? <p className={styles.rationale}>{rationale}</p> : null}
      </div>
    );
  }
  return (
    <dl className={styles.metrics} aria-label="Metric breakdown">
      {metricsOf(metrics).map((metric) => {
        const hasScore = metric.score !== null && metric.score !== undefined;
        return (
          <div key={metric.name} className={styles.metric}>
            <dt>{metric.name}</dt>
            <dd>
              <span className={styles.metricScore}>{hasScore ? formatScore(metric.score) : "—"}</span>
              {hasScore ? (
                <span className={styles.meter} aria-hidden="true">
                  <span style={{ width: `${Math.max(0, Math.min(1, Math.abs(metric.score!))) * 100}%` }} />
                </span>
              ) : null}
              <span className={styles.metricDetails}>{hasScore || metric.details.length > 0 ? metric.details.join(" · ") : metric.absent}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
