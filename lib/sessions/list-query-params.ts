// The list's state lives in the URL: parse it (dropping bad values with a reason) and write
// it back in one canonical order without defaults, so that a link reproduces the view and
// the same view always has the same address.
import {
  DEFAULT_LIST_QUERY,
  listQueryFields,
  type ListQuery,
  type QueryProblem,
  type SortKey,
} from "./list-query.schema";
import { searchTerms } from "./search-terms";

export type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

type Field = keyof typeof listQueryFields;

/** The fields in URL order. */
const FIELDS = ["q", "quality", "persona", "minScore", "maxScore", "from", "to", "rated", "judge", "sort", "dir", "page", "pageSize"] as const satisfies readonly Field[];

function valuesOf(params: RawParams, key: string): string[] {
  if (params instanceof URLSearchParams) return params.getAll(key);
  const value = params[key];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** What a field's schema receives: quality takes every value (repeated or comma-separated). */
function rawValue(params: RawParams, field: Field): unknown {
  const values = valuesOf(params, field);
  if (field === "quality") {
    const levels = values.flatMap((value) => value.split(",")).map((value) => value.trim().toLowerCase()).filter(Boolean);
    return levels.length > 0 ? levels : undefined;
  }
  const first = values.map((value) => value.trim()).find((value) => value !== "");
  return first;
}

/**
 * Reads filters, sort and page from URL parameters. A bad value is left out (the default
 * applies) and named in `problems`: the page shows them, the API answers 400 with them.
 */
export function parseListQuery(params: RawParams): { query: ListQuery; problems: QueryProblem[] } {
  const query: Record<string, unknown> = { ...DEFAULT_LIST_QUERY };
  const problems: QueryProblem[] = [];
  for (const field of FIELDS) {
    const raw = rawValue(params, field);
    if (raw === undefined) continue;
    const parsed = listQueryFields[field].safeParse(raw);
    if (parsed.success) query[field] = parsed.data;
    else problems.push({ field, message: `${field} ${parsed.error.issues[0]?.message ?? "is not valid"}` });
  }
  const result = query as ListQuery;
  if (result.q !== undefined && searchTerms(result.q).length === 0) {
    problems.push({ field: "q", message: "q has no letters or digits to search for" });
    delete result.q;
  }
  if (result.minScore !== undefined && result.maxScore !== undefined && result.minScore > result.maxScore) {
    problems.push({ field: "minScore", message: "minScore must not be above maxScore" });
    delete result.minScore;
    delete result.maxScore;
  }
  if (result.from !== undefined && result.to !== undefined && result.from > result.to) {
    problems.push({ field: "from", message: "from must not be after to" });
    delete result.from;
    delete result.to;
  }
  if (result.quality?.length === 0) delete result.quality;
  return { query: result, problems };
}

/** The canonical URL parameters of a query: fixed order, defaults left out. */
export function toSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    const value = query[field];
    if (value === undefined || value === (DEFAULT_LIST_QUERY as Partial<ListQuery>)[field]) continue;
    params.set(field, Array.isArray(value) ? value.join(",") : String(value));
  }
  return params;
}

/** A link to the list with some of the query changed. */
export function sessionsHref(query: ListQuery, changes: Partial<ListQuery> = {}): string {
  const search = toSearchParams({ ...query, ...changes }).toString();
  return search ? `/sessions?${search}` : "/sessions";
}

/** The link of a sortable column: the other direction when already sorted by it, else descending. */
export function sortHref(query: ListQuery, key: SortKey): string {
  const dir = query.sort === key && query.dir === "desc" ? "asc" : "desc";
  return sessionsHref(query, { sort: key, dir, page: 1 });
}

/** True when any filter (not sort or page) is set. */
export function hasFilters(query: ListQuery): boolean {
  return (["q", "quality", "persona", "minScore", "maxScore", "from", "to", "rated", "judge"] as const).some(
    (field) => query[field] !== undefined,
  );
}
