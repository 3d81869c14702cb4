import "server-only";
import { Badge } from "@/components/ui/badge";
import { findLlmVerdicts, type LlmVerdict as Verdict } from "@/lib/server/llm-judge/find-llm-verdicts";
import styles from "./llm-verdict.module.css";

/**
 * The LLM judge's verdict on one turn, for the session page: per LLM judge, its level and
 * overall score (0–1), or its label, label set or number, with its confidence and
 * rationale. The page that shows it does the access check, and must not be one a rater
 * sees before rating (ratings are blind).
 */
export async function LlmVerdict({ turnId }: { turnId: number }) {
  const verdicts = await findLlmVerdicts(turnId);
  if (verdicts.length === 0) return <p className="muted">No LLM judge has scored this turn yet.</p>;
  return (
    <ul className={styles.verdicts} aria-label="LLM judge verdicts">
      {verdicts.map((verdict) => {
        const badge = verdict.levelLabel ?? verdict.answer;
        return (
          <li key={verdict.judge} className={styles.verdict}>
            <div className={styles.head}>
              <code>{verdict.judge}</code>
              {badge ? <Badge tone="accent">{badge}</Badge> : null}
              <span className="muted">{describeVerdict(verdict)}</span>
            </div>
            {verdict.rationale ? <p className={styles.rationale}>{verdict.rationale}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "level 3 of 4 · score 0.73 · confidence 0.80"; an answer by label or number shows its confidence only. */
function describeVerdict(verdict: Verdict): string {
  const parts = [
    verdict.level !== null && verdict.levelCount !== null ? `level ${verdict.level} of ${verdict.levelCount}` : null,
    verdict.overallScore !== null ? `score ${verdict.overallScore.toFixed(2)}` : null,
    verdict.confidence !== null ? `confidence ${verdict.confidence.toFixed(2)}` : null,
  ];
  return parts.filter((part) => part !== null).join(" · ");
}
