import { createHash } from "node:crypto";

// Human labels collected in Concord, in the shapes two other tools import, so a team can
// carry them back to its main tool: Langfuse scores, as a batch for its ingestion API
// (POST /api/public/ingestion, events of type score-create; each body is also a valid
// POST /api/public/scores body, upserted by its id), and a Label Studio task import file.

export type CriterionKind = "ordinal" | "binary" | "categorical" | "multilabel" | "numeric";

/** One human answer on one item and criterion; an adjudication is the final answer of a disagreement. */
export type HumanLabel = {
  turnId: number;
  /** The item's id in the tool it came from (a trace, run, span or task id), when it came from one. */
  itemId: string | null;
  sessionId: string;
  ordinal: number;
  text: string;
  criterion: string;
  kind: CriterionKind;
  /** Who answered: a stable, non-secret name (an annotator name, or concord-user-<id>). */
  rater: string;
  level: number | null;
  score: number | null;
  label: string | null;
  labels: string[];
  comment: string | null;
  createdAt: Date;
  isAdjudication: boolean;
};

/** The item key both formats use: the source tool's id, else the session and position. */
export function itemKey(label: Pick<HumanLabel, "itemId" | "sessionId" | "ordinal">): string {
  return label.itemId ?? `${label.sessionId}#${label.ordinal}`;
}

/** A UUID-shaped id fixed by (item, criterion, rater): sending the file twice updates, never duplicates. */
export function stableScoreId(label: HumanLabel): string {
  const hex = createHash("sha256").update(`concord\u0000${label.turnId}\u0000${label.criterion}\u0000${label.isAdjudication ? "adjudication" : label.rater}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type LangfuseScore = {
  id: string;
  traceId: string;
  name: string;
  value: number | string;
  dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
  source: "ANNOTATION";
  comment?: string;
  metadata: Record<string, string | number | boolean>;
};

/**
 * Langfuse scores: ordinal levels and numbers as NUMERIC, a binary answer as BOOLEAN (1 for
 * the positive label), a category as CATEGORICAL; a label set becomes one CATEGORICAL score
 * per label under the criterion's name (Langfuse has no set type).
 */
export function toLangfuseScores(labels: HumanLabel[], positives: Record<string, string | null> = {}): LangfuseScore[] {
  const scores: LangfuseScore[] = [];
  for (const label of labels) {
    const base = {
      traceId: itemKey(label),
      name: label.criterion,
      source: "ANNOTATION" as const,
      ...(label.comment ? { comment: label.comment } : {}),
      metadata: { concord_rater: label.isAdjudication ? "adjudication" : label.rater, rated_at: label.createdAt.toISOString(), concord_session: label.sessionId, concord_turn: label.ordinal, adjudicated: label.isAdjudication },
    };
    if (label.kind === "multilabel") {
      for (const value of label.labels) scores.push({ ...base, id: stableScoreId({ ...label, rater: `${label.rater}\u0000${value}` }), value, dataType: "CATEGORICAL" });
      continue;
    }
    if (label.kind === "binary" && label.label !== null) {
      scores.push({ ...base, id: stableScoreId(label), value: label.label === positives[label.criterion] ? 1 : 0, dataType: "BOOLEAN", metadata: { ...base.metadata, label: label.label } });
      continue;
    }
    if (label.kind === "categorical" && label.label !== null) {
      scores.push({ ...base, id: stableScoreId(label), value: label.label, dataType: "CATEGORICAL" });
      continue;
    }
    const value = label.level ?? label.score;
    if (value !== null) scores.push({ ...base, id: stableScoreId(label), value, dataType: "NUMERIC" });
  }
  return scores;
}

type LabelStudioResult = { from_name: string; to_name: "text"; type: "choices" | "rating" | "number"; value: Record<string, unknown> };

function resultOf(label: HumanLabel): LabelStudioResult | null {
  const from_name = label.criterion;
  if (label.kind === "multilabel") return { from_name, to_name: "text", type: "choices", value: { choices: label.labels } };
  if ((label.kind === "binary" || label.kind === "categorical") && label.label !== null) return { from_name, to_name: "text", type: "choices", value: { choices: [label.label] } };
  if (label.kind === "ordinal" && label.level !== null) return { from_name, to_name: "text", type: "rating", value: { rating: label.level } };
  const value = label.score ?? label.level;
  return value === null ? null : { from_name, to_name: "text", type: "number", value: { number: value } };
}

/**
 * A Label Studio import file: one task per item with its text, and per rater one annotation
 * holding a result per criterion (choices, rating or number, `to_name` "text"). An
 * adjudication is an annotation of its own marked `ground_truth`.
 */
export function toLabelStudioTasks(labels: HumanLabel[]) {
  const tasks = new Map<string, { data: Record<string, string | number>; annotations: Map<string, { ground_truth: boolean; created_at: string; result: LabelStudioResult[]; meta: { rater: string } }> }>();
  for (const label of labels) {
    const key = itemKey(label);
    let task = tasks.get(key);
    if (!task) {
      task = { data: { text: label.text, item_id: key, session_id: label.sessionId, turn: label.ordinal }, annotations: new Map() };
      tasks.set(key, task);
    }
    const who = label.isAdjudication ? "adjudication" : label.rater;
    let annotation = task.annotations.get(who);
    if (!annotation) {
      annotation = { ground_truth: label.isAdjudication, created_at: label.createdAt.toISOString(), result: [], meta: { rater: who } };
      task.annotations.set(who, annotation);
    }
    const result = resultOf(label);
    if (result) annotation.result.push(result);
  }
  return [...tasks.values()].map((task) => ({ data: task.data, annotations: [...task.annotations.values()].filter((annotation) => annotation.result.length > 0) }));
}

/** The batch Langfuse's ingestion API takes: one score-create event per score. */
export function toLangfuseIngestionBatch(labels: HumanLabel[], positives: Record<string, string | null> = {}) {
  const createdAt = new Map(labels.map((label) => [stableScoreId(label), label.createdAt.toISOString()]));
  return {
    batch: toLangfuseScores(labels, positives).map((score) => ({
      id: `concord-${score.id}`,
      type: "score-create" as const,
      timestamp: createdAt.get(score.id) ?? String(score.metadata.rated_at),
      body: score,
    })),
  };
}
