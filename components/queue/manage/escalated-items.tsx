import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { RefreshWhile } from "@/components/ui/refresh-while";
import { sessionPath } from "@/lib/sessions/session-path";
import { turnPageQuery } from "@/lib/sessions/session-params";
import { ESCALATION_REASONS, reasonLabel, type EscalationSettings } from "@/lib/queue/escalation.schema";
import type { EscalationRefreshState } from "@/lib/server/queue/escalation-refresh-job";
import type { EscalationOverview } from "@/lib/server/queue/list-escalated-items";
import styles from "./manage.module.css";

const number = new Intl.NumberFormat("en");

/** Admins only: why items are escalated, how many, and the most urgent ones still open. */
export function EscalatedItems({ overview, settings, refresh = null }: { overview: EscalationOverview; settings: EscalationSettings; refresh?: EscalationRefreshState | null }) {
  const design =
    settings.design === "sampled"
      ? `${number.format(Math.round(settings.share * 1000) / 10)} % of takes go to escalated items; the rest is a random sample.`
      : "The queue runs nearest-a-cut-off first: escalated items are listed here, but the share applies only under the sampled design.";
  return (
    <section className="section" aria-labelledby="escalation-heading">
      <h2 id="escalation-heading">Escalated items</h2>
      <p className="muted">{design} Only admins see these reasons.</p>
      <RefreshWhile active={refresh !== null} everyMs={2000} />
      {refresh && (
        <p className="alert alert-warning" role="status">
          Escalation is being recomputed for {number.format(refresh.items)} items after a change of its limits or of the quality cut-offs: {number.format(refresh.done)} done (
          {number.format(Math.floor((refresh.done / Math.max(refresh.items, 1)) * 100))} %). Until it finishes, some items below still follow the previous
          limits. This page updates by itself.
        </p>
      )}
      <ul className={styles.totals} aria-label="Escalated items by reason">
        <li className={styles.total}>
          <span className={styles.figure}>{number.format(overview.open)}</span>
          <span className={styles.caption}>escalated, still wanting ratings</span>
        </li>
        {ESCALATION_REASONS.map((reason) => (
          <li key={reason} className={styles.total}>
            <span className={styles.figure}>{number.format(overview.byReason[reason] ?? 0)}</span>
            <span className={styles.caption}>{reasonLabel(reason).toLowerCase()}</span>
          </li>
        ))}
      </ul>
      {overview.items.length === 0 ? (
        <p className="muted section">No open item is escalated in the queue&apos;s scope.</p>
      ) : (
        <div className="table-wrap section">
          <table className="table" aria-label="Most urgent escalated items">
            <thead>
              <tr>
                <th scope="col">Turn</th>
                <th scope="col">Persona</th>
                <th scope="col">Response</th>
                <th scope="col">Why</th>
                <th scope="col" className={styles.numeric}>Priority</th>
                <th scope="col" className={styles.numeric}>Ratings</th>
              </tr>
            </thead>
            <tbody>
              {overview.items.map((item) => (
                <tr key={item.turnId}>
                  <td className={styles.numeric}>
                    <Link href={`${sessionPath(item.sessionKey, turnPageQuery(item.turnNumber))}#turn-${item.turnNumber}`} title={`Session ${item.sessionKey}`}>
                      Turn {item.turnNumber}
                    </Link>
                  </td>
                  <td>{item.personaId}</td>
                  <td className={styles.excerpt}>{item.excerpt}</td>
                  <td>
                    <span className={styles.reasons}>
                      {item.reasons.map((reason) => (
                        <Badge key={reason} tone="warning">
                          {reasonLabel(reason)}
                        </Badge>
                      ))}
                    </span>
                  </td>
                  <td className={styles.numeric}>{item.priority.toFixed(2)}</td>
                  <td className={styles.numeric}>{item.ratingCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
