"use client";

import { useEffect, useRef } from "react";
import type { QueueItemView } from "@/lib/queue/queue-view";
import styles from "./queue.module.css";

/** The turn to rate in its context: the session's seed prompt and the turns before it. */
export function QueueItemPanel({ item }: { item: QueueItemView }) {
  const earlier = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Long sessions scroll: start at the turn just before the response, which matters most.
    const list = earlier.current;
    const last = list?.lastElementChild as HTMLElement | null | undefined;
    if (list && last) list.scrollTop = last.offsetTop; // the list is the offset parent (position: relative)
  }, []);
  const position = [item.depthIndex !== null ? `depth ${item.depthIndex}` : null, item.stepIndex !== null ? `step ${item.stepIndex}` : null].filter(Boolean).join(", ");
  return (
    <section className={styles.itemPanel} aria-label="The response and its context">
      <div className={styles.context}>
        <h2 className={styles.label}>Seed prompt</h2>
        <p className={styles.prompt}>{item.seedPrompt ?? <span className="muted">This session has no seed prompt.</span>}</p>
      </div>
      {item.earlierTurns.length > 0 ? (
        <details className={styles.earlier} open>
          <summary>
            Earlier in this session: {item.earlierTurns.length + item.omittedEarlierTurns} turn{item.earlierTurns.length + item.omittedEarlierTurns === 1 ? "" : "s"}
          </summary>
          {item.omittedEarlierTurns > 0 ? <p className="muted">The first {item.omittedEarlierTurns} are not shown.</p> : null}
          <ol ref={earlier} className={styles.turns} tabIndex={0} aria-label="Earlier turns">
            {item.earlierTurns.map((turn) => (
              <li key={turn.turnId} value={turn.ordinal + 1}>
                <span className={styles.persona}>{turn.personaName ?? turn.personaId}</span>
                <p className={styles.turnText}>{turn.response}</p>
              </li>
            ))}
          </ol>
        </details>
      ) : (
        <p className={`muted ${styles.first}`}>This is the first turn of its session.</p>
      )}
      <article className={styles.response} aria-labelledby="queue-response-heading">
        <header className={styles.responseHeader}>
          <h2 id="queue-response-heading" className={styles.label}>
            Response to rate
          </h2>
          <span className="badge badge-accent">{item.personaName ?? item.personaId}</span>
          {item.personaRole ? <span className="muted">{item.personaRole}</span> : null}
          <span className={`muted ${styles.where}`}>
            Turn {item.ordinal + 1}
            {position ? ` (${position})` : ""} · session {item.sessionLabel}
          </span>
        </header>
        <p className={styles.responseText}>{item.response}</p>
      </article>
    </section>
  );
}
