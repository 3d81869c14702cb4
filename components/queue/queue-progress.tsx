"use client";

import styles from "./queue.module.css";
import { useQueueProgress } from "./use-queue-progress";

const number = new Intl.NumberFormat("en");

/** "You: n rated (m today) · Queue: r ratings wanted on i items". */
export function QueueProgress() {
  const { data, isError } = useQueueProgress();
  if (isError) return <p className={styles.progress}>Progress is unavailable right now.</p>;
  return (
    <dl className={styles.progress} aria-label="Progress" aria-busy={!data}>
      <div>
        <dt>You</dt>
        <dd>{data ? `${number.format(data.ratedTotal)} rated · ${number.format(data.ratedToday)} today` : "…"}</dd>
      </div>
      <div>
        <dt>Queue</dt>
        <dd>
          {data
            ? data.openItems === 0
              ? "nothing left to rate"
              : `${number.format(data.ratingsWanted)} rating${data.ratingsWanted === 1 ? "" : "s"} wanted on ${number.format(data.openItems)} item${data.openItems === 1 ? "" : "s"}`
            : "…"}
        </dd>
      </div>
    </dl>
  );
}
