import type { RaterActivity } from "@/lib/server/queue/get-queue-progress";
import type { RaterQuality } from "@/lib/server/queue/get-rater-quality";
import { formatDateTime } from "@/lib/format";
import styles from "./manage.module.css";

function seconds(ms: number | null): string {
  return ms === null ? "—" : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

function signed(value: number | null): string {
  if (value === null) return "—";
  return `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(value).toFixed(2)}`;
}

/** Each rater's work in the scope, with gold accuracy and leniency (mean level − others'). */
export function RaterTable({ activity, quality }: { activity: RaterActivity[]; quality: RaterQuality[] }) {
  const qualityById = new Map(quality.map((row) => [row.raterId, row]));
  const rows = [
    ...activity,
    ...quality
      .filter((row) => !activity.some((a) => a.raterId === row.raterId))
      .map((row) => ({ raterId: row.raterId, name: row.name, email: "", ratings: 0, ratingsToday: 0, medianTimeMs: null, lastRatedAt: null, hasLease: false })),
  ];
  return (
    <section className="section" aria-labelledby="raters-heading">
      <h2 id="raters-heading">Raters</h2>
      {rows.length === 0 ? (
        <p className="muted">Nobody has rated in this scope yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Rater</th>
                <th scope="col" className={styles.numeric}>Ratings</th>
                <th scope="col" className={styles.numeric}>Today</th>
                <th scope="col" className={styles.numeric}>Median time</th>
                <th scope="col" className={styles.numeric} title="Gold items rated at the agreed level">Gold accuracy</th>
                <th scope="col" className={styles.numeric} title="Mean of (their level − the other raters' mean level) on shared items; above 0 is lenient">Leniency</th>
                <th scope="col">Last rating</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const q = qualityById.get(row.raterId);
                return (
                  <tr key={row.raterId}>
                    <td>
                      <div className="strong">{row.name}</div>
                      {row.hasLease ? <span className="badge badge-accent">rating now</span> : null}
                    </td>
                    <td className={styles.numeric}>{row.ratings}</td>
                    <td className={styles.numeric}>{row.ratingsToday}</td>
                    <td className={styles.numeric}>{seconds(row.medianTimeMs)}</td>
                    <td className={styles.numeric}>
                      {q && q.goldAccuracy !== null ? `${Math.round(q.goldAccuracy * 100)} % (${q.goldCorrect}/${q.goldRated})` : "—"}
                    </td>
                    <td className={styles.numeric}>
                      {q && q.leniency !== null ? (
                        <>
                          {signed(q.leniency)} <span className="muted">on {q.sharedItems}</span>
                        </>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td>{row.lastRatedAt ? formatDateTime(row.lastRatedAt) : <span className="muted">—</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
