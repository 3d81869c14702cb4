import { z } from "zod";

// What /sessions and GET /api/v1/sessions accept: filters, sort and page, one schema per
// field so that a bad value can be dropped on its own (the page) or reported (the API).

export const SORT_KEYS = ["started", "turns", "score", "quality", "rated"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Quality levels as written in URLs, in level order (1 = poor … 4 = excellent). */
export const QUALITY_PARAMS = ["poor", "fair", "good", "excellent"] as const;
export type QualityParam = (typeof QUALITY_PARAMS)[number];

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE = 100_000;
export const MAX_SEARCH_LENGTH = 200;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const score = z.coerce
  .number({ message: "must be a number between 0 and 1" })
  .min(0, "must be at least 0")
  .max(1, "must be at most 1");

const day = z
  .string()
  .regex(DATE, "must be a date written YYYY-MM-DD")
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), "is not a real date");

/** Each field's schema; every one is optional, so an absent field is always valid. */
export const listQueryFields = {
  q: z.string().trim().max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`),
  quality: z
    .array(z.enum(QUALITY_PARAMS, { message: `must be among ${QUALITY_PARAMS.join(", ")}` }))
    .transform((levels) => QUALITY_PARAMS.filter((level) => levels.includes(level))),
  persona: z.string().trim().min(1).max(100, "must be at most 100 characters"),
  minScore: score,
  maxScore: score,
  from: day,
  to: day,
  rated: z.enum(["yes", "no"], { message: "must be yes or no" }),
  judge: z.coerce.number({ message: "must be a judge id" }).int("must be a judge id").positive("must be a judge id"),
  sort: z.enum(SORT_KEYS, { message: `must be one of ${SORT_KEYS.join(", ")}` }),
  dir: z.enum(SORT_DIRECTIONS, { message: "must be asc or desc" }),
  page: z.coerce.number({ message: "must be a page number" }).int("must be a whole number").min(1, "must be at least 1").max(MAX_PAGE, `must be at most ${MAX_PAGE}`),
  pageSize: z.coerce
    .number({ message: "must be a number" })
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), `must be one of ${PAGE_SIZES.join(", ")}`),
} as const;

export type ListFilters = {
  q?: string;
  quality?: QualityParam[];
  persona?: string;
  minScore?: number;
  maxScore?: number;
  from?: string;
  to?: string;
  rated?: "yes" | "no";
  judge?: number;
};

export type ListQuery = ListFilters & {
  sort: SortKey;
  dir: SortDirection;
  page: number;
  pageSize: number;
};

export const DEFAULT_LIST_QUERY: ListQuery = { sort: "started", dir: "desc", page: 1, pageSize: DEFAULT_PAGE_SIZE };

export type QueryProblem = { field: string; message: string };
