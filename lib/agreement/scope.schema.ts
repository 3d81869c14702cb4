import { z } from "zod";
import { isCalendarDate } from "@/lib/calendar";

// The agreement report's scope as it travels in a URL (`/agreement?…`, `GET /api/v1/agreement?…`,
// the exports): one schema for the page, the route handlers and the tests. Every field is
// optional; absent means "all" (or, for the judge and thresholds, the defaults the server
// resolves: the heuristic judge when it has paired ratings, and the active thresholds).

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
/** An optional text parameter (blank is absent), as every scope field reads it. */
export const optionalText = z.preprocess(blankToUndefined, z.string().trim().max(200).optional());
/** An optional calendar date YYYY-MM-DD (blank is absent; 2026-02-30 refused). */
export const optionalIsoDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD")
    .refine(isCalendarDate, "Not a calendar date")
    .optional(),
);
const positiveInt = z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional());

export const OVER_TIME_GROUPINGS = ["week", "import"] as const;
export type OverTimeGrouping = (typeof OVER_TIME_GROUPINGS)[number];

export const scopeSchema = z
  .object({
    /** Judge name, e.g. "heuristic" or "imported:my-data". */
    judge: optionalText,
    /** Judge version; without it, the newest version of the named judge. */
    judgeVersion: optionalText,
    /** Threshold version number whose cut-offs turn judge scores into levels; default the active one. */
    thresholds: positiveInt,
    persona: optionalText,
    /** A rating criterion ("overall", …) or a generic dataset's dimension. */
    criterion: optionalText,
    /** Inclusive UTC dates on the turn's time (its log timestamp, else its session's). */
    from: optionalIsoDate,
    to: optionalIsoDate,
    import: positiveInt,
    /** How "agreement over time" groups turns; presentation only, the figures hold both. */
    by: z.preprocess(blankToUndefined, z.enum(OVER_TIME_GROUPINGS).optional()),
  })
  .superRefine((scope, context) => {
    if (scope.from && scope.to && scope.from > scope.to) {
      context.addIssue({ code: "custom", path: ["to"], message: "The end date is before the start date" });
    }
    if (scope.judgeVersion && !scope.judge) {
      context.addIssue({ code: "custom", path: ["judgeVersion"], message: "Name the judge as well as its version" });
    }
  });

export type Scope = z.infer<typeof scopeSchema>;

export const SCOPE_KEYS = ["judge", "judgeVersion", "thresholds", "persona", "criterion", "from", "to", "import", "by"] as const;

/** Parses URL search parameters (a URLSearchParams or Next's searchParams object). */
export function parseScope(params: URLSearchParams | Record<string, string | string[] | undefined>) {
  const entries: Record<string, string> = {};
  for (const key of SCOPE_KEYS) {
    const value = params instanceof URLSearchParams ? params.get(key) : params[key];
    const single = Array.isArray(value) ? value[0] : value;
    if (single !== undefined && single !== null) entries[key] = single;
  }
  return scopeSchema.safeParse(entries);
}

/** The scope as search parameters, in a fixed order, leaving out what is unset. */
export function scopeToSearchParams(scope: Scope): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of SCOPE_KEYS) {
    const value = scope[key];
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  return params;
}

/** A stable key for caches and query keys: the figures do not depend on `by`. */
export function scopeKey(scope: Scope): string {
  const { by: _by, ...figures } = scope;
  return scopeToSearchParams(figures).toString();
}
