import styles from "./runs-table.module.css";

/**
 * The model's replies to an item whose output could not be parsed, verbatim, for audit:
 * the first answer and the one after the corrective message.
 */
export function UnparseableReplies({ item, replies }: { item: string; replies: string[] }) {
  return (
    <details className={styles.replies}>
      <summary>Replies to {item}</summary>
      <ol aria-label={`Replies to ${item}`}>
        {replies.map((reply, index) => (
          <li key={index}>
            <pre>{reply === "" ? "(empty)" : reply}</pre>
          </li>
        ))}
      </ol>
    </details>
  );
}
