"use client";

import Link from "next/link";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { scopeToSearchParams, type Scope } from "@/lib/agreement/scope.schema";
import type { ScopeOptions } from "@/lib/agreement/scope-options";
import { formatDay, formatNumber } from "./format";
import styles from "./scope-picker.module.css";

type Props = {
  options: ScopeOptions;
  scope: Scope;
  /** What the server made of the scope (the default judge and thresholds). */
  resolved: ResolvedScope | null;
  onChange: (scope: Scope) => void;
};

const ALL = "";

/** Which turns, which judge, which cut-offs: every choice goes into the URL. */
export function ScopePicker({ options, scope, resolved, onChange }: Props) {
  const set = (patch: Partial<Scope>) => onChange({ ...scope, ...patch });
  const judgeIndex = options.judges.findIndex((j) =>
    scope.judge ? j.name === scope.judge && (!scope.judgeVersion || j.version === scope.judgeVersion) : j.name === resolved?.judge?.name && j.version === resolved?.judge?.version,
  );
  const isChanged = Object.entries(scope).some(([key, value]) => key !== "by" && value !== undefined);
  return (
    <form className={styles.picker} aria-label="Scope" onSubmit={(event) => event.preventDefault()}>
      <div className={`${styles.field} ${styles.wide}`}>
        <label htmlFor="scope-judge">Judge</label>
        <select
          id="scope-judge"
          value={judgeIndex >= 0 ? String(judgeIndex) : ALL}
          onChange={(event) => {
            const judge = options.judges[Number(event.target.value)];
            set(judge ? { judge: judge.name, judgeVersion: judge.version } : { judge: undefined, judgeVersion: undefined });
          }}
        >
          {judgeIndex < 0 ? <option value={ALL}>No judge</option> : null}
          {options.judges.map((judge, i) => (
            <option key={`${judge.name}@${judge.version}`} value={i}>
              {judge.name} {judge.version} ({judge.kind}){judge.hasScores ? "" : " — no scores yet"}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="scope-thresholds">Thresholds</label>
        <select id="scope-thresholds" value={scope.thresholds ? String(scope.thresholds) : ALL} onChange={(event) => set({ thresholds: event.target.value ? Number(event.target.value) : undefined })}>
          <option value={ALL}>Active{resolved ? ` (v${resolved.thresholds.version})` : ""}</option>
          {options.thresholds.map((t) => (
            <option key={t.version} value={t.version}>
              v{t.version}: {formatNumber(t.cutoffs.fair)} / {formatNumber(t.cutoffs.good)} / {formatNumber(t.cutoffs.excellent)}
              {t.isActive ? " (active)" : ""}
            </option>
          ))}
        </select>
      </div>
      <Choice id="scope-persona" label="Persona" value={scope.persona} values={options.personas} onChange={(persona) => set({ persona })} />
      <Choice id="scope-criterion" label="Criterion" value={scope.criterion} values={options.criteria} onChange={(criterion) => set({ criterion })} />
      <div className={styles.field}>
        <label htmlFor="scope-import">Import</label>
        <select id="scope-import" value={scope.import ? String(scope.import) : ALL} onChange={(event) => set({ import: event.target.value ? Number(event.target.value) : undefined })}>
          <option value={ALL}>All</option>
          {options.imports.map((i) => (
            <option key={i.id} value={i.id}>
              #{i.id} {i.fileName ?? "(no file name)"}, {formatDay(i.createdAt.slice(0, 10))}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="scope-from">From</label>
        <input id="scope-from" type="date" value={scope.from ?? ""} max={scope.to} onChange={(event) => set({ from: event.target.value || undefined })} />
      </div>
      <div className={styles.field}>
        <label htmlFor="scope-to">To</label>
        <input id="scope-to" type="date" value={scope.to ?? ""} min={scope.from} onChange={(event) => set({ to: event.target.value || undefined })} />
      </div>
      <div className={styles.actions}>
        {isChanged ? (
          <Link href={clearHref(scope)} className="button button-secondary">
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function Choice({ id, label, value, values, onChange }: { id: string; label: string; value: string | undefined; values: string[]; onChange: (value: string | undefined) => void }) {
  const all = value && !values.includes(value) ? [value, ...values] : values;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ALL} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value={ALL}>All</option>
        {all.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The report with no filter, keeping only how the over-time chart groups. */
function clearHref(scope: Scope): string {
  const search = scopeToSearchParams({ by: scope.by }).toString();
  return search ? `/agreement?${search}` : "/agreement";
}
