import type { QueueSettings } from "@/lib/queue/settings.schema";
import type { QueueTotals } from "@/lib/server/queue/get-queue-progress";
import styles from "./manage.module.css";

const number = new Intl.NumberFormat("en");

/** How far the queue's scope is: items complete, partly rated, unrated, leased right now. */
export function QueueTotalsView({ totals, settings }: { totals: QueueTotals; settings: QueueSettings }) {
  const share = (part: number) => (totals.items === 0 ? 0 : (100 * part) / totals.items);
  const cells = [
    { figure: totals.items, caption: "items in scope" },
    { figure: totals.complete, caption: `with ${settings.ratingsPerTurn}+ ratings` },
    { figure: totals.partial, caption: "partly rated" },
    { figure: totals.unrated, caption: "unrated" },
    { figure: totals.ratingsWanted, caption: "ratings still wanted" },
    { figure: totals.leasedNow, caption: "being rated now" },
    { figure: totals.goldItems, caption: "gold items in scope" },
  ];
  return (
    <section aria-labelledby="progress-heading">
      <h2 id="progress-heading" className="visually-hidden">
        Progress
      </h2>
      <ul className={styles.totals}>
        {cells.map((cell) => (
          <li key={cell.caption} className={styles.total}>
            <span className={styles.figure}>{number.format(cell.figure)}</span>
            <span className={styles.caption}>{cell.caption}</span>
          </li>
        ))}
      </ul>
      <div
        className={styles.bar}
        role="img"
        aria-label={`${share(totals.complete).toFixed(0)} % of items complete, ${share(totals.partial).toFixed(0)} % partly rated`}
      >
        <span className={styles.barComplete} style={{ width: `${share(totals.complete)}%` }} />
        <span className={styles.barPartial} style={{ width: `${share(totals.partial)}%` }} />
      </div>
    </section>
  );
}
