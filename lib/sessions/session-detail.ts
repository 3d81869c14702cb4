import type { SessionSummary } from "@/lib/judge";
import type { ImportedComparison } from "./session-summary";
import type { TurnMetricsView } from "./turn-metrics.schema";

export type JudgeRef = { id: number; name: string; version: string; kind: "heuristic" | "llm" | "imported" | "panel" | "calibrated" | "cascade" };

export type TurnRating = {
  id: number;
  criterion: string;
  /** 1 = Poor … 4 = Excellent on "overall"; the criterion's own scale otherwise. */
  level: number | null;
  score: number | null;
  /** Binary and categorical criteria: the label given. */
  label: string | null;
  /** Multi-label criteria: the labels given (empty for other criteria, or an empty set). */
  labels: string[];
  /** A Concord user (name only where names may be shown), or an imported annotator. */
  rater: { id: number; name: string | null } | null;
  annotator: string | null;
  source: "queue" | "imported";
  rationale: string | null;
  createdAt: Date;
};

export type TurnDetail = {
  id: number;
  ordinal: number;
  depthIndex: number | null;
  stepIndex: number | null;
  occurredAt: Date | null;
  personaId: string;
  personaName: string | null;
  personaRole: string | null;
  response: string;
  wordCount: number;
  affectAmplitude: number | null;
  itemId: string | null;
  dimension: string | null;
  /** The model that wrote the response, when the data says. */
  generatorModel: string | null;
  /** The chosen judge's model is of the same family as generatorModel: it may favour this answer. */
  isJudgeOwnFamily: boolean;
  /** The chosen judge's verdict on the turn, or null when it did not score it. */
  score: { overallScore: number; metrics: TurnMetricsView | null; rationale: string | null; isImported: boolean } | null;
  /** On a label criterion (binary, categorical, multi-label): each judge's answer, which is not a score. */
  judgeLabels: Array<{ label: string | null; labels: string[]; confidence: number | null; judgeName: string }>;
  ratings: TurnRating[];
  /** The final level an admin recorded where raters (or raters and judge) disagreed, per criterion. */
  adjudications: TurnAdjudication[];
};

/** `adjudicator` is null when the account is gone, or for API keys (names are left out for them). */
export type TurnAdjudication = { criterion: string; level: number; note: string | null; adjudicator: string | null; createdAt: Date };

/**
 * One point of the session's charts: a single turn, or (in a long session) a run of
 * `bucketSize` consecutive turns, aggregated in the database so that no page reads every turn.
 */
export type ChartPoint = {
  /** The first and last turn number (from 1) the point stands for; equal for a single turn. */
  firstTurn: number;
  lastTurn: number;
  /** The persona of every turn in the run, or null when they differ. */
  personaId: string | null;
  /** The depth of every turn in the run, or null when they differ or none has one. */
  depth: number | null;
  /** Mean, lowest and highest affect amplitude of the run's turns that report one (null: none does). */
  affect: number | null;
  affectMin: number | null;
  affectMax: number | null;
  /** Mean overall score of the run's turns the chosen judge scored (null: it scored none). */
  score: number | null;
};

export type SessionChart = {
  /** Turns per point: 1 up to MAX_CHART_POINTS turns, more in a longer session. */
  bucketSize: number;
  points: ChartPoint[];
  /** Where a new depth starts (turn number, depth); null when there are too many to draw. */
  depthBoundaries: Array<{ turn: number; depth: number }> | null;
};

/** Which turns `turns` holds: page `page` (from 1) of `pageSize`, out of `total`. */
export type TurnPage = { page: number; pageSize: number; total: number };

export type SessionDetail = {
  session: {
    id: number;
    externalId: string;
    kind: "orchestrator" | "generic";
    seedPrompt: string | null;
    startedAt: Date | null;
    endedAt: Date | null;
    createdAt: Date;
    turnCount: number;
    importId: number | null;
    /** Turns with at least one human rating (any criterion, any source). */
    ratedTurnCount: number;
  };
  /** Every judge that scored a turn of the session, with how many turns it scored. */
  judges: Array<JudgeRef & { scoredTurns: number }>;
  /** The judge the figures use: the one asked for, else the session's first (lowest id); null when none scored it. */
  judge: JudgeRef | null;
  /** How many of the session's turns the chosen judge scored. */
  scoredTurns: number;
  /** One page of the session's turns, in order. */
  turns: TurnDetail[];
  turnPage: TurnPage;
  chart: SessionChart;
  /** Seed 002 §4.2 under the active cut-offs; scores and quality mean nothing when `judge` is null. */
  summary: SessionSummary;
  comparison: ImportedComparison;
};
