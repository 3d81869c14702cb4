// What an import answers, in every entry point (CLI line, API JSON, import page).
import type { SummaryDifference } from "./compare-summary";
import { describeCriterionType, type CriterionType } from "./criterion-type.schema";
import type { ProblemReport } from "./problems";

/** created: new; replaced: stored before with other content, replaced on request; unchanged: already imported as is. */
export type SessionOutcome = "created" | "replaced" | "unchanged";

export type ImportedSession = {
  id: number;
  externalId: string;
  status: SessionOutcome;
  turnCount: number;
  /** Differences between the imported summary.json and Concord's recomputed one; null without a summary. */
  summaryDifferences: SummaryDifference[] | null;
};

/** A criterion of a generic import, with the type it was stored under and whether it was declared or inferred. */
export type ImportedCriterion = { criterion: string; type: CriterionType; isDeclared: boolean; turnCount: number; ratingCount: number };

export type ImportResult = {
  /**
   * already_imported: every session was stored before with the same content; nothing was written.
   * dry_run: validated and written inside a transaction that was rolled back; the counts say
   * what an import would store, the session ids are not kept.
   */
  status: "created" | "already_imported" | "dry_run";
  importId: number | null;
  sessions: ImportedSession[];
  /** Turns (and imported ratings) written by this import. */
  turnCount: number;
  ratingCount: number;
  /** Generic imports: each criterion's type (dimension, or "overall"). */
  criteria?: ImportedCriterion[];
};

/** The JSON of a refused import, for the API and the import page. */
export type ImportErrorBody =
  | { error: "invalid"; message: string; problems: ProblemReport["problems"]; omitted: number }
  | { error: "conflict"; message: string; sessions: { id: number; externalId: string }[] }
  | { error: "too_large"; message: string; limitBytes: number }
  | { error: string; message: string };

/** "imported 2 sessions / 300 turns", "already imported (session abc)"; with where summaries differ unless told not to. */
export function describeImportResult(result: ImportResult, { withSummaries = true } = {}): string {
  if (result.status === "already_imported") {
    const ids = result.sessions.map((session) => session.externalId).join(", ");
    return `already imported (${result.sessions.length === 1 ? "session" : "sessions"} ${ids})`;
  }
  const written = result.sessions.filter((session) => session.status !== "unchanged");
  const replaced = written.filter((session) => session.status === "replaced").length;
  const unchanged = result.sessions.length - written.length;
  const verb = result.status === "dry_run" ? "dry run, nothing stored: would import" : "imported";
  const parts = [`${verb} ${plural(written.length, "session")} / ${plural(result.turnCount, "turn")}`];
  if (result.ratingCount > 0) parts[0] += ` / ${plural(result.ratingCount, "rating")}`;
  if (replaced > 0) parts.push(`${replaced} replaced`);
  if (unchanged > 0) parts.push(`${unchanged} already imported`);
  // Types are listed unless every criterion is an inferred ordinal one: such files read as always.
  const criteria = result.criteria ?? [];
  if (result.status === "dry_run" || criteria.some((c) => c.isDeclared || c.type.type !== "ordinal")) {
    if (criteria.length > 0) parts.push(`criteria: ${criteria.map(describeCriterion).join(", ")}`);
  }
  const differing = withSummaries ? result.sessions.filter((session) => session.summaryDifferences && session.summaryDifferences.length > 0) : [];
  for (const session of differing) {
    const paths = session.summaryDifferences!.map((d) => d.path).join(", ");
    parts.push(`summary of ${session.externalId} differs from Concord's in ${paths}`);
  }
  return parts.join("; ");
}

/** "safety binary [fail, pass] positive pass (inferred)" */
export function describeCriterion(criterion: ImportedCriterion): string {
  return `${criterion.criterion} ${describeCriterionType(criterion.type)} (${criterion.isDeclared ? "declared" : "inferred"})`;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
