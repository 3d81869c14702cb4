"use client";

import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { GroupFigures } from "@/lib/agreement/breakdowns";
import { NO_IMPORT } from "@/lib/agreement/breakdowns";
import type { OverTimeGrouping } from "@/lib/agreement/scope.schema";
import type { ScopeOptions } from "@/lib/agreement/scope-options";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { BreakdownTable } from "./breakdown-table";
import { formatDay, formatDayShort, formatNumber } from "./format";
import styles from "./report.module.css";

const GROUPINGS = [
  { value: "week", label: "By week" },
  { value: "import", label: "By import" },
] as const;

/** κ_w, ρ and agreement per week or per import: a judge that drifts shows here. */
export function OverTimeSection({
  byWeek,
  byImport,
  grouping,
  onGroupingChange,
  imports,
}: {
  byWeek: GroupFigures[];
  byImport: GroupFigures[];
  grouping: OverTimeGrouping;
  onGroupingChange: (grouping: OverTimeGrouping) => void;
  imports: ScopeOptions["imports"];
}) {
  const rows = grouping === "week" ? byWeek : byImport;
  const labelOf = grouping === "week" ? (key: string) => `Week of ${formatDay(key)}` : (key: string) => importLabel(key, imports);
  const data = rows.map((row) => ({
    // Short ticks so every bucket keeps its label; the tooltip names it in full.
    label: grouping === "week" ? formatDayShort(row.key) : importLabel(row.key, imports, true),
    fullLabel: labelOf(row.key),
    kappa: row.kappa.quadratic.value,
    rho: row.spearman.value,
    agreement: row.exactAgreement,
    n: row.n,
  }));
  return (
    <section className="section" aria-labelledby="over-time-title">
      <div className={styles.sectionHeader}>
        <h2 id="over-time-title">Agreement over time</h2>
        <SegmentedControl label="Group turns" name="over-time" options={GROUPINGS} value={grouping} onChange={onGroupingChange} />
      </div>
      {rows.length === 0 ? (
        <p className="muted">No pairs in this scope.</p>
      ) : (
        <>
          <figure className={styles.figure}>
            <LineChart responsive style={{ width: "100%", height: 260 }} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e3e3e8" />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={4} />
              <YAxis domain={[(min: number) => Math.min(0, Math.floor(min * 10) / 10), 1]} tick={{ fontSize: 12 }} width={40} />
              <ReferenceLine y={0} stroke="#9a9aa3" />
              <Tooltip
                formatter={(value) => formatNumber(value === null ? null : Number(value))}
                labelFormatter={(_label, payload) => (payload?.[0]?.payload as { fullLabel?: string } | undefined)?.fullLabel ?? String(_label)}
              />
              <Legend />
              <Line type="linear" dataKey="kappa" name="κ quadratic" stroke="#3553d6" strokeWidth={2} dot connectNulls isAnimationActive={false} />
              <Line type="linear" dataKey="rho" name="Spearman ρ" stroke="#067647" strokeWidth={2} dot connectNulls isAnimationActive={false} />
              <Line type="linear" dataKey="agreement" name="Agreement" stroke="#b54708" strokeDasharray="4 3" dot connectNulls isAnimationActive={false} />
            </LineChart>
            <figcaption>
              {grouping === "week" ? "Turns grouped by the week (Monday, UTC) they were logged." : "Turns grouped by the import that brought them."} The table
              below holds the same figures.
            </figcaption>
          </figure>
          <div className="section">
            <BreakdownTable caption={grouping === "week" ? "Per week" : "Per import"} groupLabel={grouping === "week" ? "Week" : "Import"} rows={rows} labelOf={labelOf} />
          </div>
        </>
      )}
    </section>
  );
}

function importLabel(key: string, imports: ScopeOptions["imports"], short = false): string {
  if (key === NO_IMPORT) return "No import";
  const found = imports.find((i) => String(i.id) === key);
  if (!found) return `Import ${key}`;
  return short ? `#${key}` : `#${key} ${found.fileName ?? ""} (${formatDay(found.createdAt.slice(0, 10))})`;
}
