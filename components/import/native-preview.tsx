"use client";

import type { SourcePreview } from "@/lib/ingest/sources/preview-source";
import styles from "./native-import.module.css";

/** What Concord understood of another tool's export, before anything is stored. */
export function NativePreview({ preview }: { preview: SourcePreview }) {
  const unpaired = [
    { label: "without a human value", list: preview.judgeOnly },
    { label: "without a judge value", list: preview.humanOnly },
  ].filter((u) => u.list.count > 0);
  return (
    <div>
      <dl className={styles.facts}>
        <div>
          <dt>Read as</dt>
          <dd>{preview.sourceTitle}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>{preview.itemCount}</dd>
        </div>
        <div>
          <dt>Judge–human pairs</dt>
          <dd>{preview.pairCount}</dd>
        </div>
        <div>
          <dt>Judge</dt>
          <dd>
            <code>{preview.judgeName}</code>
            {preview.judges.length > 0 ? <span className="muted"> from {preview.judges.map((j) => `${j.name} (${j.values})`).join(", ")}</span> : " — no judge values"}
          </dd>
        </div>
        <div>
          <dt>Human raters</dt>
          <dd>{preview.raters.length === 0 ? "none" : preview.raters.map((r) => `${r.rater} (${r.values})`).join(", ")}</dd>
        </div>
      </dl>
      <div className="table-wrap">
        <table className="table">
          <caption>Criteria</caption>
          <thead>
            <tr>
              <th scope="col">Criterion</th>
              <th scope="col">Type</th>
              <th scope="col">From</th>
              <th scope="col">Judge values</th>
              <th scope="col">Human values</th>
            </tr>
          </thead>
          <tbody>
            {preview.criteria.map((c) => (
              <tr key={c.criterion}>
                <td>{c.criterion}</td>
                <td>{c.typeText}</td>
                <td>{c.isDeclared ? "the source" : "inferred"}</td>
                <td>{c.judgeValues}</td>
                <td>{c.humanValues}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {unpaired.map(({ label, list }) => (
        <p key={label}>
          <span className="strong">
            {list.count} {list.count === 1 ? "item" : "items"} {label}:
          </span>{" "}
          {list.listed.map((k) => `${k.item} (${k.criterion})`).join(", ")}
          {list.count > list.listed.length ? ", …" : ""}
        </p>
      ))}
      {preview.skipped.length > 0 ? (
        <ul className="muted">
          {preview.skipped.map((s) => (
            <li key={s.reason}>
              Left out: {s.count} {s.count === 1 ? "record" : "records"}, {s.reason}.
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
