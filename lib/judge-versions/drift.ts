import type { Interval } from "@/lib/stats/correlation-inference";

// Judge drift: every version of one judge (prompt, model, weights) measured against people
// on the same frozen set of rated items, in the order the versions were made. A version
// whose κ falls below the interval of the version before it is a regression: the drop is
// larger than the noise of that earlier measurement.

export type DriftStatus =
  /** the first version with a κ: nothing before it to compare with */
  | "first"
  /** κ below the lower end of the earlier version's interval */
  | "regression"
  /** κ above the upper end of the earlier version's interval */
  | "improvement"
  /** κ within the earlier version's interval */
  | "steady"
  /** no κ for this version on the frozen set (it scored none of it, or κ is undefined) */
  | "no-kappa"
  /** the earlier versions have no interval (yet) to compare with */
  | "not-compared";

export type DriftMark = { status: DriftStatus; /** index of the version compared with */ against: number | null };

/**
 * The regression rule over versions in creation order. Version i is compared with the
 * nearest earlier version that has both a κ and an interval (its predecessor): regression
 * when κ_i < low, improvement when κ_i > high, steady otherwise (the ends count as inside).
 * The first version with a κ is "first"; a later one with no earlier interval to compare
 * with is "not-compared"; a version without κ is "no-kappa" and never a predecessor.
 */
export function markDrift(rows: readonly { kappa: number | null; ci: Interval | null }[]): DriftMark[] {
  let predecessor: number | null = null;
  let seenKappa = false;
  return rows.map((row, i) => {
    let mark: DriftMark;
    if (row.kappa === null) {
      mark = { status: "no-kappa", against: null };
    } else if (predecessor === null) {
      mark = { status: seenKappa ? "not-compared" : "first", against: null };
    } else {
      const [low, high] = rows[predecessor].ci!;
      mark = { status: row.kappa < low ? "regression" : row.kappa > high ? "improvement" : "steady", against: predecessor };
    }
    if (row.kappa !== null) {
      seenKappa = true;
      if (row.ci !== null) predecessor = i;
    }
    return mark;
  });
}

/** One version of a judge on the versions table. */
export type JudgeVersionRow = {
  id: number;
  version: string;
  kind: string;
  createdAt: string;
  /** Rated items in the scope this version scored (the frozen set is those every listed version scored). */
  nScored: number;
  /** Quadratic κ against the human level on the frozen set; null when the version is not on it. */
  kappa: number | null;
  /** 95 % crossed-bootstrap interval (sessions and raters resampled); null until computed or when too few items. */
  ci: Interval | null;
  status: DriftStatus | "pending";
  /** The version compared with, when one was. */
  against: string | null;
};

export type VersionIntervals =
  | { status: "ready"; computedAt: string }
  | { status: "computing"; done: number; total: number }
  | { status: "failed"; error: string }
  | { status: "too-few"; reason: string };

/** One judge name's versions table. */
export type JudgeVersionsTable = {
  name: string;
  /** The frozen set: rated items (turn × criterion) in the scope that every listed version scored. */
  frozen: { nItems: number; nSessions: number; nRatings: number };
  /** Listed versions: those that scored at least one rated item in the scope. */
  versions: JudgeVersionRow[];
  /** Versions of this name that scored no rated item in the scope, left out of the frozen set. */
  notRun: { id: number; version: string; createdAt: string }[];
  intervals: VersionIntervals;
  /** The newest listed version is a regression. */
  newestIsRegression: boolean;
};

/** What `GET /api/v1/agreement/versions` returns and the report's "Judge versions" section reads. */
export type JudgeVersionsReport = {
  /** The cut-offs that made the levels. */
  thresholds: { version: number };
  judges: JudgeVersionsTable[];
};

/** Fewer frozen items than this and no interval is computed (as the verdicts). */
export const MIN_FROZEN_ITEMS = 10;

/** The rows with their marks, once intervals are known; "pending" for every row otherwise. */
export function withDriftMarks(
  rows: Omit<JudgeVersionRow, "status" | "against">[],
  intervalsReady: boolean,
): JudgeVersionRow[] {
  if (!intervalsReady) return rows.map((row) => ({ ...row, status: row.kappa === null ? "no-kappa" : "pending", against: null }));
  const marks = markDrift(rows);
  return rows.map((row, i) => ({ ...row, status: marks[i].status, against: marks[i].against === null ? null : rows[marks[i].against!].version }));
}
