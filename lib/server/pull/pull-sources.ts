import "server-only";
import { createHash } from "node:crypto";
import { isObject } from "@/lib/ingest/sources/source-values";
import { PullError } from "./fetch-page";

export const PAGE_SIZE = 100;

/** How one tool's API is paged: the request for a cursor, and what its answer holds. */
export type PullSpec = {
  source: "langfuse" | "label-studio";
  /** The base URL, as given (no trailing slash). */
  url: string;
  /** Identifies the pull across runs (never holds a secret). */
  pullKey: string;
  toolName: string;
  /** What to check when the credentials are refused. */
  authHint: string;
  /** "scores", "tasks": for the progress line. */
  noun: string;
  firstCursor: string;
  request(cursor: string): { url: string; headers: Record<string, string> };
  read(answer: unknown, cursor: string): { records: unknown[]; next: string | null; totalPages: number | null };
};

function keyOf(parts: readonly (string | null)[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/**
 * Langfuse `GET /api/public/v2/scores` (Basic auth, public key : secret key), paged by `page`
 * (from 1) and `limit`, answering `{data, meta: {page, limit, totalItems, totalPages}}`; `--since`
 * is its `fromTimestamp` filter. https://api.reference.langfuse.com/#tag/scores/GET/api/public/v2/scores
 */
export function langfuseSpec(options: { url: string; publicKey: string; secretKey: string; since: string | null; pageSize?: number }): PullSpec {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const auth = `Basic ${Buffer.from(`${options.publicKey}:${options.secretKey}`).toString("base64")}`;
  return {
    source: "langfuse",
    url: options.url,
    pullKey: keyOf(["langfuse", options.url, options.publicKey, options.since]),
    toolName: "Langfuse",
    authHint: "check --public-key and --secret-key (Settings → API keys of the project)",
    noun: "scores",
    firstCursor: "1",
    request(cursor) {
      const params = new URLSearchParams({ page: cursor, limit: String(pageSize) });
      if (options.since) params.set("fromTimestamp", options.since);
      return { url: `${options.url}/api/public/v2/scores?${params}`, headers: { authorization: auth } };
    },
    read(answer, cursor) {
      if (!isObject(answer) || !Array.isArray(answer.data) || !isObject(answer.meta)) {
        throw new PullError("Langfuse answered with something other than a page of scores ({data, meta}): is --url the Langfuse host?");
      }
      const totalPages = typeof answer.meta.totalPages === "number" ? answer.meta.totalPages : null;
      const page = Number(cursor);
      const isLast = answer.data.length === 0 || (totalPages !== null && page >= totalPages);
      return { records: answer.data, next: isLast ? null : String(page + 1), totalPages };
    },
  };
}

/**
 * Label Studio `GET /api/tasks?project=ID&page=N&page_size=M&fields=all` (header
 * `Authorization: Token <token>`), answering `{tasks, total, total_annotations,
 * total_predictions}` with each task's annotations and predictions.
 * https://api.labelstud.io/api-reference/api-reference/tasks/list
 */
export function labelStudioSpec(options: { url: string; token: string; project: string; pageSize?: number }): PullSpec {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  return {
    source: "label-studio",
    url: options.url,
    pullKey: keyOf(["label-studio", options.url, options.project]),
    toolName: "Label Studio",
    authHint: "check --token (Account & Settings → Access Token)",
    noun: "tasks",
    firstCursor: "1",
    request(cursor) {
      const params = new URLSearchParams({ project: options.project, page: cursor, page_size: String(pageSize), fields: "all" });
      return { url: `${options.url}/api/tasks?${params}`, headers: { authorization: `Token ${options.token}` } };
    },
    read(answer, cursor) {
      const tasks = Array.isArray(answer) ? answer : isObject(answer) && Array.isArray(answer.tasks) ? answer.tasks : null;
      if (tasks === null) throw new PullError("Label Studio answered with something other than a page of tasks ({tasks, total}): is --url the Label Studio host?");
      const total = isObject(answer) && typeof answer.total === "number" ? answer.total : null;
      const page = Number(cursor);
      const totalPages = total === null ? null : Math.max(1, Math.ceil(total / pageSize));
      const isLast = tasks.length === 0 || (totalPages !== null ? page >= totalPages : tasks.length < pageSize);
      return { records: tasks, next: isLast ? null : String(page + 1), totalPages };
    },
  };
}
