// One file of `concord import`: how it is read (JSONL streamed from disk, or a whole JSON
// document), its summary.json, and the call into the import service.
import { createReadStream, existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import type { ImportResult } from "@/lib/ingest/import-result";
import { isJsonDocument } from "@/lib/ingest/detect-log-layout";
import { readJsonLogBody, type LogInput } from "@/lib/ingest/log-input";
import { readJsonDocument, readTextDocument } from "@/lib/ingest/read-json-document";
import { readLines, type ByteSource } from "@/lib/ingest/read-lines";
import { ImportInvalidError } from "@/lib/server/import/import-errors";
import { importGeneric } from "@/lib/server/import/import-generic";
import { importLog } from "@/lib/server/import/import-log";
import { importNative } from "@/lib/server/import/import-native";
import { readSource } from "@/lib/ingest/sources/read-source";
import type { ImportCliOptions } from "./import-options.ts";
import { ProgressBar } from "./import-progress.ts";

const ACTOR = { source: "cli" } as const;

export async function importFile(path: string, options: ImportCliOptions): Promise<ImportResult> {
  const bar = new ProgressBar(basename(path));
  try {
    if (options.native) {
      const read = readSource(new Uint8Array(await readFile(path)), basename(path), options.native.from);
      if ("problems" in read) throw new ImportInvalidError({ problems: read.problems.slice(0, 50), omitted: Math.max(0, read.problems.length - 50) });
      return await importNative({ read: read.read, fileName: basename(path), actor: ACTOR, judgeName: options.native.judgeName ?? undefined, replace: options.log.replace, isDryRun: options.isDryRun });
    }
    if (options.generic) {
      const read = readTextDocument(await readFile(path), basename(path));
      if ("problems" in read) throw new ImportInvalidError({ problems: read.problems, omitted: 0 });
      return await importGeneric({ text: read.text, fileName: basename(path), fields: options.generic, actor: ACTOR, sessionId: options.log.sessionId, replace: options.log.replace, isDryRun: options.isDryRun });
    }
    const source: ByteSource = () => createReadStream(path, { highWaterMark: 1 << 20 });
    const size = (await stat(path)).size;
    const read = isJsonDocument(path, await firstLine(source)) ? readJsonLogBody(await readJsonFile(path)) : null;
    if (read && "problems" in read) throw new ImportInvalidError({ problems: read.problems, omitted: 0 });
    const input: LogInput = read ? read.body.input : { kind: "ndjson", source: bar.track(source, size) };
    const summaryPath = options.summary ?? besideSummary(path);
    const summary = summaryPath ? await readSummary(summaryPath) : read?.body.summary;
    return await importLog({
      input,
      actor: ACTOR,
      fileName: basename(path),
      summary,
      summaryLabel: summaryPath ? basename(summaryPath) : "summary",
      sessionId: read?.body.sessionId ?? options.log.sessionId,
      seedPrompt: read?.body.seedPrompt ?? options.log.seedPrompt,
      replace: options.log.replace,
    });
  } finally {
    bar.clear();
  }
}

async function firstLine(source: ByteSource): Promise<string | null> {
  for await (const { text } of readLines(source())) if (text.trim() !== "") return text;
  return null;
}

/** run.jsonl → run.summary.json (where the orchestrator writes it), when present. */
function besideSummary(path: string): string | null {
  if (/\.summary\.json$/i.test(path)) return null;
  const candidate = path.replace(/\.[^./\\]+$/, "") + ".summary.json";
  return candidate !== path && existsSync(candidate) ? candidate : null;
}

async function readSummary(path: string): Promise<unknown> {
  return readJsonFile(path);
}

async function readJsonFile(path: string): Promise<unknown> {
  const document = readJsonDocument(await readFile(path), basename(path));
  if ("problems" in document) throw new ImportInvalidError({ problems: document.problems, omitted: 0 });
  return document.value;
}
