// Problems found while reading an import: each names the line (or record) and the JSON path
// of the field, so a person can find and fix it. An import lists the first 50 and counts
// the rest, which keeps a badly wrong file from producing a megabyte of errors.

export const MAX_LISTED_PROBLEMS = 50;

export type ImportProblem = {
  /** 1-based line of the file (for a JSON body: 1-based record number); null for the file as a whole. */
  line: number | null;
  /** JSON path of the field inside the line ("persona.id", "records[2].response"), or the CSV column; "" for the whole line. */
  path: string;
  /** The raw reason, kept as the detail line. */
  message: string;
  /** In the writer's terms, where a schema check failed: the value found there and what was expected. */
  found?: string;
  expected?: string;
};

export type ProblemReport = {
  /** The first MAX_LISTED_PROBLEMS problems, in file order. */
  problems: ImportProblem[];
  /** How many more were found but not listed. */
  omitted: number;
};

/** Collects problems, keeping the first MAX_LISTED_PROBLEMS and counting the others. */
export class ProblemCollector {
  private readonly listed: ImportProblem[] = [];
  private omittedCount = 0;

  add(problem: ImportProblem): void {
    if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push(problem);
    else this.omittedCount++;
  }

  addAll(problems: readonly ImportProblem[]): void {
    for (const problem of problems) this.add(problem);
  }

  get hasProblems(): boolean {
    return this.listed.length > 0;
  }

  get total(): number {
    return this.listed.length + this.omittedCount;
  }

  report(): ProblemReport {
    return { problems: [...this.listed], omitted: this.omittedCount };
  }
}

/**
 * "line 12, persona.id: Invalid input: expected string, received undefined", or with the
 * plain terms: "line 12, persona.id: expected text, found nothing (the field is missing)".
 */
export function formatProblem(problem: ImportProblem): string {
  const where = [problem.line === null ? null : `line ${problem.line}`, problem.path || null].filter(Boolean).join(", ");
  const what = problem.found !== undefined && problem.expected !== undefined ? `expected ${problem.expected}, found ${problem.found}` : problem.message;
  return where ? `${where}: ${what}` : what;
}

/** One line per listed problem, then "… and N more problems" when some were left out. */
export function formatProblemReport(report: ProblemReport): string[] {
  const lines = report.problems.map(formatProblem);
  if (report.omitted > 0) lines.push(`… and ${report.omitted} more ${report.omitted === 1 ? "problem" : "problems"}`);
  return lines;
}
