import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import type { ThresholdHistoryEntry } from "@/lib/server/thresholds/list-threshold-versions";
import { RestoreVersionButton } from "./restore-version-button";
import styles from "./thresholds.module.css";

function value(number: number | null): string {
  return number === null ? "—" : String(number);
}

/** Every saved version, newest first, with what it changed; any earlier one can be restored. */
export function VersionHistory({ entries, activeId }: { entries: ThresholdHistoryEntry[]; activeId: number }) {
  return (
    <section className="section" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <div className="table-wrap">
        <table className={`table ${styles.history}`}>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Saved</th>
              <th scope="col">Note</th>
              <th scope="col">What changed</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} aria-label={`Version ${entry.version}`}>
                <td>
                  <div className="strong">v{entry.version}</div>
                  {entry.isActive ? <Badge tone="success">Active</Badge> : null}
                </td>
                <td>
                  <div>{formatDateTime(entry.createdAt)}</div>
                  <div className="muted">{entry.author?.name ?? "the system"}</div>
                </td>
                <td className={styles.historyNote}>{entry.note}</td>
                <td>
                  {entry.changes.length === 0 ? (
                    <span className="muted">{entry.comparedWith === null ? "First version" : "No change"}</span>
                  ) : (
                    <ul className={styles.changes}>
                      {entry.changes.map((change) => (
                        <li key={change.field}>
                          {change.label} <span className="muted">{value(change.from)}</span> → <strong>{value(change.to)}</strong>
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className="muted">
                    scores: <code>heuristic {entry.judgeVersion}</code>
                  </div>
                </td>
                <td>{entry.isActive ? null : <RestoreVersionButton versionId={entry.id} version={entry.version} basedOnId={activeId} thresholds={{ cutoffs: entry.cutoffs, weights: entry.weights }} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
