import { formatDateTime } from "@/lib/format";
import type { RubricVersionSummary } from "@/lib/server/rubrics/list-rubric-versions";
import { RestoreVersionButton } from "./restore-version-button";

/** Every saved version, newest first; an older one can be restored as a new version. */
export function RubricHistory({ versions, activeVersionId }: { versions: RubricVersionSummary[]; activeVersionId: number }) {
  return (
    <section className="section" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Saved</th>
              <th scope="col">Note</th>
              <th scope="col">Criteria</th>
              <th scope="col">Ratings</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.id}>
                <td>
                  {version.version} {version.isActive ? <span className="badge badge-success">active</span> : null}
                </td>
                <td>
                  {formatDateTime(version.createdAt)}
                  <div className="muted">{version.authorName ?? "Concord"}</div>
                </td>
                <td>{version.note ?? <span className="muted">—</span>}</td>
                <td>{version.criteriaNames.join(", ")}</td>
                <td>{version.ratingCount}</td>
                <td>
                  {version.isActive ? null : (
                    <RestoreVersionButton
                      versionId={version.id}
                      version={version.version}
                      basedOnVersionId={activeVersionId}
                      criteria={version.criteriaNames}
                      activeCriteria={versions.find((candidate) => candidate.id === activeVersionId)?.criteriaNames ?? []}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
