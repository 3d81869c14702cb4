// `concord import --from TOOL`: a native source's export files, or a live pull from Langfuse
// (--url --public-key --secret-key [--since]) or Label Studio (--url --token --project).
import { SOURCE_NAMES, type SourceName } from "@/lib/ingest/sources/source-values";

export const nativeCliUsage = `Exports of other tools (--from ${SOURCE_NAMES.join("|")}|auto):
  concord import --from TOOL FILE… [--judge-name NAME] [--dry-run] [--replace]
Reads the tool's own export: Langfuse scores, LangSmith feedback, Phoenix annotations
(JSON, JSONL or CSV), Label Studio tasks (JSON), Argilla records (JSON, JSONL, or the
Hugging Face datasets layout), Inspect AI logs (.json or .eval). --from auto tells the tool
by the records' shape. Human values become ratings by their rater, the judge's values
scores (or labels) of judge "imported:TOOL" (or --judge-name). --dry-run prints what was
understood (criteria and types, raters, the judge, items, items without a pair) and
stores nothing. Importing the same export again stores nothing new.

Live pull (admin credentials of the tool; progress on stderr; an interrupted pull resumes
where it stopped; nothing is stored unless every page arrived):
  concord import --from langfuse --url URL --public-key K --secret-key S [--since T]
  concord import --from label-studio --url URL --token T --project ID`;

export type PullOptions =
  | { source: "langfuse"; url: string; publicKey: string; secretKey: string; since: string | null }
  | { source: "label-studio"; url: string; token: string; project: string };

export type NativeCliOptions = { from: SourceName | null; judgeName: string | null; pull: PullOptions | null };

type Values = {
  from?: string;
  url?: string;
  "public-key"?: string;
  "secret-key"?: string;
  token?: string;
  project?: string;
  since?: string;
  "judge-name"?: string;
};

export function parseNativeOptions(values: Values, files: readonly string[], fail: (message: string) => Error): NativeCliOptions {
  const from = values.from!;
  if (from !== "auto" && !(SOURCE_NAMES as readonly string[]).includes(from)) {
    throw fail(`--from: expected one of ${SOURCE_NAMES.join(", ")} or auto, got "${from}"`);
  }
  const source = from === "auto" ? null : (from as SourceName);
  const judgeName = values["judge-name"]?.trim() || null;
  if (values.url === undefined) {
    const stray = (["public-key", "secret-key", "token", "project", "since"] as const).find((name) => values[name] !== undefined);
    if (stray) throw fail(`--${stray} belongs to a live pull, which needs --url`);
    if (files.length === 0) throw fail("name at least one FILE to import, or --url to pull");
    return { from: source, judgeName, pull: null };
  }
  if (files.length > 0) throw fail("a live pull (--url) reads no FILE");
  const url = readUrl(values.url, fail);
  if (source === "langfuse") {
    if (!values["public-key"] || !values["secret-key"]) throw fail("a Langfuse pull needs --public-key and --secret-key");
    if (values.token !== undefined || values.project !== undefined) throw fail("--token and --project are for Label Studio");
    const since = values.since ?? null;
    if (since !== null && Number.isNaN(Date.parse(since))) throw fail(`--since: expected a date and time (ISO 8601, e.g. 2026-11-01T00:00:00Z), got "${since}"`);
    return { from: source, judgeName, pull: { source, url, publicKey: values["public-key"], secretKey: values["secret-key"], since: since === null ? null : new Date(since).toISOString() } };
  }
  if (source === "label-studio") {
    if (!values.token) throw fail("a Label Studio pull needs --token (Account & Settings → Access Token)");
    if (!values.project || !/^\d+$/.test(values.project)) throw fail("a Label Studio pull needs --project, the project's number");
    if (values["public-key"] !== undefined || values["secret-key"] !== undefined || values.since !== undefined) throw fail("--public-key, --secret-key and --since are for Langfuse");
    return { from: source, judgeName, pull: { source, url, token: values.token, project: values.project } };
  }
  throw fail("a live pull (--url) reads Langfuse or Label Studio: --from langfuse or --from label-studio");
}

function readUrl(text: string, fail: (message: string) => Error): string {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    return url.toString().replace(/\/+$/, "");
  } catch {
    throw fail(`--url: expected an http(s) address, got "${text}"`);
  }
}
