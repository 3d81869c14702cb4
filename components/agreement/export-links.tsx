import type { AgreementReport } from "@/lib/agreement/report";
import { scopeToSearchParams, type Scope } from "@/lib/agreement/scope.schema";
import { formatNumber } from "./format";
import styles from "./report.module.css";

/**
 * Downloads of the figures and of the pairs behind them, for this scope; every version of the
 * judge with its verdicts; for admins, the human labels in Langfuse's and Label Studio's formats.
 */
export function ExportLinks({ scope, report, canExportLabels }: { scope: Scope; report: AgreementReport; canExportLabels: boolean }) {
  const { by: _by, ...figuresScope } = scope;
  const href = (what: string, format: string) => {
    const params = scopeToSearchParams(figuresScope);
    params.set("what", what);
    params.set("format", format);
    return `/api/agreement/export?${params}`;
  };
  const versionsHref = (judge: string) => {
    const params = scopeToSearchParams({ ...figuresScope, judgeVersion: undefined });
    params.set("judge", judge);
    return `/api/v1/exports/agreement?${params}`;
  };
  const labelsHref = (format: string) => {
    const params = new URLSearchParams({ format });
    for (const key of ["criterion", "persona", "from", "to"] as const) if (scope[key]) params.set(key, String(scope[key]));
    return `/api/v1/exports/labels?${params}`;
  };
  const { fair, good, excellent } = report.cutoffs;
  const cuts = [fair, good, excellent].map((c) => String(c)).join(",");
  const api = scopeToSearchParams(figuresScope).toString();
  return (
    <section className="section" aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <ul className={styles.exportList}>
        <li>
          Figures: <a href={href("figures", "csv")}>CSV</a> · <a href={href("figures", "json")}>JSON</a>
        </li>
        <li>
          Pairs, one row per turn and criterion: <a href={href("pairs", "csv")}>CSV</a> · <a href={href("pairs", "json")}>JSON</a>
        </li>
        {report.scope.judge ? (
          <li>
            Every version of {report.scope.judge.name} with its figures, intervals and verdicts: <a href={versionsHref(report.scope.judge.name)}>JSON</a>
          </li>
        ) : null}
        {canExportLabels ? (
          <li>
            Human ratings and adjudications{scope.criterion ? ` on ${scope.criterion}` : ""}, to take back to another tool:{" "}
            <a href={labelsHref("langfuse")}>Langfuse scores</a> · <a href={labelsHref("label-studio")}>Label Studio tasks</a>
          </li>
        ) : null}
      </ul>
      <p className="muted">
        Recompute from the pairs with{" "}
        <code>
          concord agreement --input pairs.csv --human human_level --judge judge_score --scale 1:{Math.max(...report.levels)} --judge-cuts {cuts}
        </code>
        . Scripts read the same figures from <code>GET /api/v1/agreement{api ? `?${api}` : ""}</code> with a <code>read</code> API key.
        Cut-offs: Fair ≥ {formatNumber(fair)}, Good ≥ {formatNumber(good)}, Excellent ≥ {formatNumber(excellent)}.
      </p>
    </section>
  );
}
