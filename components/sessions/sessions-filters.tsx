"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition, type ChangeEvent, type FormEvent } from "react";
import { parseListQuery, sessionsHref, toSearchParams } from "@/lib/sessions/list-query-params";
import { DEFAULT_LIST_QUERY, PAGE_SIZES, QUALITY_PARAMS, type ListQuery } from "@/lib/sessions/list-query.schema";
import styles from "./sessions-list.module.css";

type SessionsFiltersProps = {
  query: ListQuery;
  judges: Array<{ id: number; name: string; version: string; hasScores: boolean }>;
  personaIds: string[];
};

const SORT_LABELS = { started: "Start time", turns: "Turns", score: "Average score", quality: "Quality level", rated: "Human-rated share" } as const;
const QUALITY_LABELS = { poor: "Poor", fair: "Fair", good: "Good", excellent: "Excellent" } as const;

/** Typing in the search or a score box applies after this pause, as the report's filters do at once. */
const TYPING_PAUSE_MS = 500;

/**
 * The list's filters as a GET form: it works as a plain form, and with JavaScript every
 * change applies by itself (a choice at once, typed text after a pause), going to the
 * canonical URL (parsed with the same schema as the server) as a new history entry, so
 * reload and back/forward keep the view. "Clear filters" shows whenever one is set.
 */
export function SessionsFilters({ query, judges, personaIds }: SessionsFiltersProps) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const activeCount = countSettings(query);
  const personas = query.persona && !personaIds.includes(query.persona) ? [...personaIds, query.persona] : personaIds;

  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = toSearchParams(query).toString();
  useEffect(() => () => clearTimeout(typing.current ?? undefined), []);

  function apply(form: HTMLFormElement) {
    clearTimeout(typing.current ?? undefined);
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
    const search = toSearchParams(parseListQuery(params).query).toString();
    if (search === current) return;
    startTransition(() => router.push(search ? `/sessions?${search}` : "/sessions"));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  function change(event: ChangeEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const target = event.target as unknown as HTMLInputElement;
    if (target.type === "search" || target.type === "number") {
      clearTimeout(typing.current ?? undefined);
      typing.current = setTimeout(() => apply(form), TYPING_PAUSE_MS);
    } else {
      apply(form);
    }
  }

  return (
    <form action="/sessions" method="get" onSubmit={submit} onChange={change} className={styles.filters} aria-label="Filter sessions" key={current}>
      <div className={styles.searchRow}>
        <div className="field">
          <label htmlFor="filter-q">Search seed prompts and responses</label>
          <input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={200} placeholder="e.g. 위험, resilience" />
        </div>
        <button type="submit" className="button" disabled={isPending} aria-busy={isPending || undefined}>
          {isPending ? "Applying…" : "Apply"}
        </button>
        {hasFilters(query) ? (
          <Link href={sessionsHref({ ...DEFAULT_LIST_QUERY, sort: query.sort, dir: query.dir, pageSize: query.pageSize })} className="button button-secondary">
            Clear filters
          </Link>
        ) : null}
      </div>
      <details className={styles.more} open={activeCount > 0 || undefined}>
        <summary>Filters and sorting{activeCount > 0 ? ` (${activeCount} set)` : ""}</summary>
        <div className={styles.filterGrid}>
        <fieldset className={styles.quality}>
          <legend>Quality level</legend>
          {QUALITY_PARAMS.map((level) => (
            <label key={level}>
              <input type="checkbox" name="quality" value={level} defaultChecked={query.quality?.includes(level)} /> {QUALITY_LABELS[level]}
            </label>
          ))}
        </fieldset>
        <Select name="persona" label="Persona present" value={query.persona} options={[["", "Any persona"], ...personas.map((id): [string, string] => [id, id])]} />
        <Select
          name="judge"
          label="Judge"
          value={query.judge?.toString()}
          options={[["", "Any judge"], ...judges.map((judge): [string, string] => [String(judge.id), `${judge.name} ${judge.version}${judge.hasScores ? "" : " — no scores yet"}`])]}
        />
        <Select name="rated" label="Human ratings" value={query.rated} options={[["", "Any"], ["yes", "Has human ratings"], ["no", "No human ratings"]]} />
        <NumberField name="minScore" label="Average score from" value={query.minScore} />
        <NumberField name="maxScore" label="Average score to" value={query.maxScore} />
        <div className="field">
          <label htmlFor="filter-from">Started from</label>
          <input id="filter-from" name="from" type="date" defaultValue={query.from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="filter-to">Started until</label>
          <input id="filter-to" name="to" type="date" defaultValue={query.to ?? ""} />
        </div>
        <Select name="sort" label="Sort by" value={query.sort} options={Object.entries(SORT_LABELS)} />
        <Select name="dir" label="Order" value={query.dir} options={[["desc", "Descending"], ["asc", "Ascending"]]} />
        <Select name="pageSize" label="Rows per page" value={String(query.pageSize)} options={PAGE_SIZES.map((size): [string, string] => [String(size), String(size)])} />
        </div>
      </details>
    </form>
  );
}

function Select({ name, label, value, options }: { name: string; label: string; value?: string; options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

function NumberField({ name, label, value }: { name: string; label: string; value?: number }) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input id={`filter-${name}`} name={name} type="number" min={0} max={1} step={0.01} inputMode="decimal" defaultValue={value ?? ""} placeholder={name === "minScore" ? "0" : "1"} />
    </div>
  );
}

/** Whether any filter (search included; sorting is not a filter) narrows the list. */
function hasFilters(query: ListQuery): boolean {
  return query.q !== undefined || (["quality", "persona", "judge", "rated", "minScore", "maxScore", "from", "to"] as const).some((field) => query[field] !== undefined);
}

/** How many settings behind "Filters and sorting" differ from the defaults. */
function countSettings(query: ListQuery): number {
  const fields = ["quality", "persona", "judge", "rated", "minScore", "maxScore", "from", "to"] as const;
  const filters = fields.filter((field) => query[field] !== undefined).length;
  const sorting = [query.sort !== DEFAULT_LIST_QUERY.sort, query.dir !== DEFAULT_LIST_QUERY.dir, query.pageSize !== DEFAULT_LIST_QUERY.pageSize];
  return filters + sorting.filter(Boolean).length;
}
