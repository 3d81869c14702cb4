// `concord import --from langfuse|label-studio --url …`: a live pull, with progress on stderr
// and the result line on stdout, like a file's.
import { describeImportResult } from "@/lib/ingest/import-result";
import { formatProblemReport } from "@/lib/ingest/problems";
import { ImportInvalidError } from "@/lib/server/import/import-errors";
import { PullError } from "@/lib/server/pull/fetch-page";
import { labelStudioSpec, langfuseSpec } from "@/lib/server/pull/pull-sources";
import { runPull, type PullProgress } from "@/lib/server/pull/run-pull";
import type { FetchOptions } from "@/lib/server/pull/fetch-page";
import type { NativeCliOptions, PullOptions } from "./import-native-options.ts";

export async function pullCommand(native: NativeCliOptions & { pull: PullOptions }, fetchOptions?: FetchOptions): Promise<number> {
  const { pull } = native;
  const spec = pull.source === "langfuse" ? langfuseSpec(pull) : labelStudioSpec(pull);
  const label = `${spec.toolName} ${spec.url}`;
  const progress = (p: PullProgress) => process.stderr.write(`${label}: ${describeProgress(p, spec.noun)}\n`);
  try {
    const result = await runPull(spec, { actor: { source: "cli" }, judgeName: native.judgeName ?? undefined, onProgress: progress, fetch: fetchOptions });
    process.stdout.write(`${label}: ${describeImportResult(result)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof PullError) {
      const resume = error.isAuth ? "" : "; the pages fetched so far are kept: run the same command again to resume";
      process.stderr.write(`concord import: ${error.message}${resume}\n`);
      return 1;
    }
    if (error instanceof ImportInvalidError) {
      const lines = formatProblemReport(error.report).map((problem) => `  ${problem}`);
      process.stdout.write([`${label}: nothing imported, the data has problems:`, ...lines].join("\n") + "\n");
      return 1;
    }
    throw error;
  }
}

function describeProgress(p: PullProgress, noun: string): string {
  switch (p.kind) {
    case "resume":
      return `resuming after page ${p.page} (${p.records} ${noun} kept from the last run)`;
    case "page":
      return `page ${p.page}${p.totalPages === null ? "" : ` of ${p.totalPages}`}, ${p.records} ${noun}`;
    case "wait":
      return `${p.reason}; waiting ${(p.ms / 1000).toFixed(p.ms < 1000 ? 1 : 0)} s`;
    case "import":
      return `importing ${p.records} ${noun}`;
  }
}
