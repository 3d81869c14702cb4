import "server-only";
import { Badge } from "@/components/ui/badge";
import { findLlmVerdicts } from "@/lib/server/llm-judge/find-llm-verdicts";
import styles from "./llm-verdict.module.css";

/**
 * The LLM judge's verdict on one turn, for the session page: per LLM judge, its level,
 * overall score (0–1) and rationale. The page that shows it does the access check, and
 * must not be one a rater sees before rating (ratings are blind).
 */
export async function LlmVerdict({ turnId }: { turnId: number }) {
  const verdicts = await findLlmVerdicts(turnId);
  if (verdicts.length === 0) return <p className="muted">No LLM judge has scored this turn yet.</p>;
  return (
    <ul className={styles.verdicts} aria-label="LLM judge verdicts">
      {verdicts.map((verdict) => (
        <li key={verdict.judge} className={styles.verdict}>
          <div className={styles.head}>
            <code>{verdict.judge}</code>
            {verdict.levelLabel ? <Badge tone="accent">{verdict.levelLabel}</Badge> : null}
            <span className="muted">
              {verdict.level !== null && verdict.levelCount !== null ? `level ${verdict.level} of ${verdict.levelCount} · ` : ""}score {verdict.overallScore.toFixed(2)}
            </span>
          </div>
          {verdict.rationale ? <p className={styles.rationale}>{verdict.rationale}</p> : null}
        </li>
      ))}
    </ul>
  );
}
