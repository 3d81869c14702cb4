// `concord import FILE…`: imports orchestrator logs or generic judge-vs-human data, each file
// all-or-nothing, printing one result line per file. See USAGE in import-options.ts.
import { describeImportResult, type ImportResult } from "@/lib/ingest/import-result";
import { describeSourcePreview, type SourcePreview } from "@/lib/ingest/sources/preview-source";
import { formatProblemReport } from "@/lib/ingest/problems";
import { getDb } from "@/lib/server/db";
import { ImportConflictError, ImportInvalidError } from "@/lib/server/import/import-errors";
import { closeImportPool } from "@/lib/server/import/with-import-transaction";
import { importFile } from "./import-file.ts";
import { pullCommand } from "./import-pull.ts";
import { parseImportOptions, UsageError, USAGE } from "./import-options.ts";

export async function run(args: string[]): Promise<number> {
  let options;
  try {
    options = parseImportOptions(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`concord import: ${error.message}\n\n${USAGE}\n`);
    return 1;
  }
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!process.env.DATABASE_URL) {
    process.stderr.write("concord import: DATABASE_URL is not set\n");
    return 1;
  }
  let failed = 0;
  try {
    const native = options.native;
    if (native?.pull) return await pullCommand({ ...native, pull: native.pull });
    for (const file of options.files) {
      const line = await importOne(file, options);
      if (line.isFailure) failed++;
      process.stdout.write(`${line.text}\n`);
    }
  } finally {
    await getDb().$disconnect();
    await closeImportPool();
  }
  return failed === 0 ? 0 : 1;
}

async function importOne(file: string, options: Exclude<ReturnType<typeof parseImportOptions>, "help">) {
  try {
    const result: ImportResult & { preview?: SourcePreview } = await importFile(file, options);
    // A native source's dry run says what was understood, before the counts.
    const preview = result.preview && result.status === "dry_run" ? describeSourcePreview(result.preview).map((line) => `  ${line}`) : [];
    return { isFailure: false, text: [`${file}: ${describeImportResult(result)}`, ...preview].join("\n") };
  } catch (error) {
    if (error instanceof ImportInvalidError) {
      const lines = formatProblemReport(error.report).map((problem) => `  ${problem}`);
      return { isFailure: true, text: [`${file}: nothing imported, the file has problems:`, ...lines].join("\n") };
    }
    if (error instanceof ImportConflictError) return { isFailure: true, text: `${file}: ${error.message}` };
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR" || code === "EACCES") return { isFailure: true, text: `${file}: cannot read the file (${code})` };
    throw error;
  }
}
