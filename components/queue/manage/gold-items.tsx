import { QUALITY_LEVELS } from "@/lib/thresholds/levels";
import type { GoldCandidate } from "@/lib/server/queue/find-gold-candidates";
import type { GoldItemRow } from "@/lib/server/queue/list-gold-items";
import { DeleteGoldItemButton } from "./delete-gold-item-button";
import { GoldItemForm } from "./gold-item-form";
import styles from "./manage.module.css";

const levelName = (level: number) => QUALITY_LEVELS[level - 1] ?? String(level);

/** Gold items: add one (from the candidates raters agreed on, or by turn id), and the list. */
export function GoldItems({ items, candidates }: { items: GoldItemRow[]; candidates: GoldCandidate[] }) {
  return (
    <section className="section" aria-labelledby="gold-heading">
      <h2 id="gold-heading">Gold items</h2>
      <p className="muted">
        Turns with an agreed level, mixed into every rater&apos;s items at the gold rate; a rater&apos;s gold accuracy is how often they match it.
      </p>
      <div className="card section">
        <h3>Add a gold item</h3>
        <GoldItemForm />
      </div>
      <h3 className="section">Candidates: turns every rater rated the same</h3>
      {candidates.length === 0 ? (
        <p className="muted">None yet: a turn qualifies when two or more raters gave it the same level.</p>
      ) : (
        <div className="table-wrap">
          <table className="table" aria-label="Gold item candidates">
            <thead>
              <tr>
                <th scope="col">Turn</th>
                <th scope="col">Persona</th>
                <th scope="col">Response</th>
                <th scope="col">Agreed level</th>
                <th scope="col">Make gold</th>
              </tr>
            </thead>
            <tbody>
              {candidates.map((candidate) => (
                <tr key={candidate.turnId}>
                  <td className={styles.numeric}>{candidate.turnId}</td>
                  <td>{candidate.personaId}</td>
                  <td className={styles.excerpt}>{candidate.excerpt}</td>
                  <td>
                    {levelName(candidate.agreedLevel)} <span className="muted">by {candidate.raters}</span>
                  </td>
                  <td>
                    <GoldItemForm turnId={candidate.turnId} level={candidate.agreedLevel} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="section">Current gold items</h3>
      {items.length === 0 ? (
        <p className="muted">No gold items yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table" aria-label="Gold items">
            <thead>
              <tr>
                <th scope="col">Turn</th>
                <th scope="col">Persona</th>
                <th scope="col">Response</th>
                <th scope="col">Level</th>
                <th scope="col" className={styles.numeric}>Matched</th>
                <th scope="col">Note</th>
                <th scope="col">Remove</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td className={styles.numeric}>{item.turnId}</td>
                  <td>{item.personaId}</td>
                  <td className={styles.excerpt}>{item.excerpt}</td>
                  <td>{levelName(item.level)}</td>
                  <td className={styles.numeric}>{item.timesRated === 0 ? "—" : `${item.timesCorrect}/${item.timesRated}`}</td>
                  <td>{item.note ?? <span className="muted">—</span>}</td>
                  <td>
                    <DeleteGoldItemButton id={item.id} turnId={item.turnId} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
