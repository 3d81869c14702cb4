import { Alert } from "@/components/ui/alert";
import type { ImportedComparison } from "@/lib/sessions/session-summary";
import styles from "./session-detail.module.css";

function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  // A long session's trajectory has a value per turn: name its length instead of printing it all.
  if (Array.isArray(value)) return value.length > 12 ? `${value.slice(0, 12).join(", ")}, … (${value.length} values)` : value.join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Where the summary file that came with the log differs from Concord's recomputed one. */
export function SummaryComparison({ comparison }: { comparison: ImportedComparison }) {
  if (comparison.status === "none") return null;
  return (
    <section className="section" aria-labelledby="summary-comparison">
      <h2 id="summary-comparison">Imported summary</h2>
      {comparison.status === "invalid" ? (
        <Alert tone="warning">The summary file imported with this session could not be read ({comparison.message}).</Alert>
      ) : comparison.differences.length === 0 ? (
        <Alert tone="success">The imported summary agrees with the one recomputed from the turns.</Alert>
      ) : (
        <>
          <p className="muted">
            {comparison.differences.length} field{comparison.differences.length === 1 ? " differs" : "s differ"} between the summary file
            imported with the log and the summary recomputed from its turns under the active thresholds.
          </p>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Differences between the imported and the recomputed summary</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Imported</th>
                  <th scope="col">Recomputed</th>
                </tr>
              </thead>
              <tbody>
                {comparison.differences.map((difference) => (
                  <tr key={difference.path}>
                    <th scope="row" className={styles.rowHeader}>
                      <code>{difference.path}</code>
                    </th>
                    <td>{show(difference.imported)}</td>
                    <td>{show(difference.recomputed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
