import styles from "./persona-badge.module.css";
import { personaColor } from "./persona-colors";

/** A persona id with its colour swatch; the count, when given, follows it. */
export function PersonaBadge({ personaId, count, title }: { personaId: string; count?: number; title?: string }) {
  return (
    <span className={styles.badge} title={title}>
      <span className={styles.swatch} style={{ background: personaColor(personaId) }} aria-hidden="true" />
      {personaId}
      {count === undefined ? null : <span className={styles.count}>{count}</span>}
    </span>
  );
}

/** The turns of each persona, in order of first appearance. */
export function PersonaMix({ mix }: { mix: ReadonlyArray<{ personaId: string; count: number }> }) {
  if (mix.length === 0) return <span className="muted">no turns</span>;
  return (
    <ul className={styles.mix} aria-label="Turns per persona">
      {mix.map((entry) => (
        <li key={entry.personaId}>
          <PersonaBadge personaId={entry.personaId} count={entry.count} />
        </li>
      ))}
    </ul>
  );
}
