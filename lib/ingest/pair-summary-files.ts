// Files dropped on the import page: each `run.summary.json` goes with the log of the same
// name (run.jsonl, run.ndjson, run.json), as the orchestrator writes them side by side.

export type FilePair<F extends { name: string }> = { file: F; summary: F | null };

export function pairSummaryFiles<F extends { name: string }>(files: readonly F[]): { pairs: FilePair<F>[]; unpaired: F[] } {
  const isSummary = (file: F) => /\.summary\.json$/i.test(file.name);
  const stem = (name: string) => name.replace(/\.summary\.json$/i, "").replace(/\.[^.]+$/, "");
  const summaries = new Map(files.filter(isSummary).map((file) => [file.name.replace(/\.summary\.json$/i, ""), file]));
  const pairs = files.filter((file) => !isSummary(file)).map((file) => ({ file, summary: summaries.get(stem(file.name)) ?? null }));
  const used = new Set(pairs.map((pair) => pair.summary).filter((s): s is F => s !== null));
  return { pairs, unpaired: files.filter((file) => isSummary(file) && !used.has(file)) };
}
