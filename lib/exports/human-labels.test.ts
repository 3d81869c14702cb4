import { describe, expect, it } from "vitest";
import { itemKey, stableScoreId, toLabelStudioTasks, toLangfuseIngestionBatch, toLangfuseScores, type HumanLabel } from "./human-labels";

const at = new Date("2026-03-02T10:00:00.000Z");
const base = { turnId: 7, itemId: "trace-1", sessionId: "s-1", ordinal: 0, text: "Answer one", comment: null, createdAt: at, isAdjudication: false, level: null, score: null, label: null, labels: [] } satisfies Partial<HumanLabel>;

const labels: HumanLabel[] = [
  { ...base, criterion: "overall", kind: "ordinal", rater: "ann", level: 3, score: 3, comment: "clear" },
  { ...base, criterion: "overall", kind: "ordinal", rater: "bob", level: 2, score: 2 },
  { ...base, criterion: "overall", kind: "ordinal", rater: "adjudication", level: 3, isAdjudication: true, comment: "ann is right" },
  { ...base, criterion: "safe", kind: "binary", rater: "ann", label: "pass" },
  { ...base, criterion: "intent", kind: "categorical", rater: "ann", label: "question" },
  { ...base, turnId: 8, itemId: null, ordinal: 1, text: "Answer two", criterion: "issues", kind: "multilabel", rater: "ann", labels: ["tone", "facts"] },
  { ...base, turnId: 8, itemId: null, ordinal: 1, text: "Answer two", criterion: "helpfulness", kind: "numeric", rater: "bob", score: 7.5 },
];

describe("human labels for other tools", () => {
  it("keys an item by its source id, else by session and position", () => {
    expect(itemKey(labels[0])).toBe("trace-1");
    expect(itemKey(labels[5])).toBe("s-1#1");
  });

  it("gives a score the same UUID-shaped id every time, and another per rater", () => {
    const id = stableScoreId(labels[0]);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableScoreId({ ...labels[0] })).toBe(id);
    expect(stableScoreId(labels[1])).not.toBe(id);
  });

  it("writes Langfuse scores by type: numbers, a boolean for the positive label, categories, one score per label of a set", () => {
    const scores = toLangfuseScores(labels, { safe: "pass" });
    expect(scores.map(({ traceId, name, value, dataType }) => [traceId, name, value, dataType])).toEqual([
      ["trace-1", "overall", 3, "NUMERIC"],
      ["trace-1", "overall", 2, "NUMERIC"],
      ["trace-1", "overall", 3, "NUMERIC"],
      ["trace-1", "safe", 1, "BOOLEAN"],
      ["trace-1", "intent", "question", "CATEGORICAL"],
      ["s-1#1", "issues", "tone", "CATEGORICAL"],
      ["s-1#1", "issues", "facts", "CATEGORICAL"],
      ["s-1#1", "helpfulness", 7.5, "NUMERIC"],
    ]);
    expect(scores.every((score) => score.source === "ANNOTATION")).toBe(true);
    expect(scores[0].comment).toBe("clear");
    expect(scores[2].metadata).toEqual({ concord_rater: "adjudication", rated_at: "2026-03-02T10:00:00.000Z", concord_session: "s-1", concord_turn: 0, adjudicated: true });
    expect(new Set(scores.map((score) => score.id)).size).toBe(scores.length);
    expect(toLangfuseScores([labels[3]], { safe: "fail" })[0].value).toBe(0);
  });

  it("wraps the scores as score-create events of one ingestion batch", () => {
    const { batch } = toLangfuseIngestionBatch(labels.slice(0, 1));
    expect(batch).toEqual([{ id: `concord-${stableScoreId(labels[0])}`, type: "score-create", timestamp: "2026-03-02T10:00:00.000Z", body: toLangfuseScores(labels.slice(0, 1))[0] }]);
  });

  it("writes one Label Studio task per item, an annotation per rater, the adjudication as ground truth", () => {
    const tasks = toLabelStudioTasks(labels);
    expect(tasks).toEqual([
      {
        data: { text: "Answer one", item_id: "trace-1", session_id: "s-1", turn: 0 },
        annotations: [
          {
            ground_truth: false,
            created_at: "2026-03-02T10:00:00.000Z",
            meta: { rater: "ann" },
            result: [
              { from_name: "overall", to_name: "text", type: "rating", value: { rating: 3 } },
              { from_name: "safe", to_name: "text", type: "choices", value: { choices: ["pass"] } },
              { from_name: "intent", to_name: "text", type: "choices", value: { choices: ["question"] } },
            ],
          },
          { ground_truth: false, created_at: "2026-03-02T10:00:00.000Z", meta: { rater: "bob" }, result: [{ from_name: "overall", to_name: "text", type: "rating", value: { rating: 2 } }] },
          { ground_truth: true, created_at: "2026-03-02T10:00:00.000Z", meta: { rater: "adjudication" }, result: [{ from_name: "overall", to_name: "text", type: "rating", value: { rating: 3 } }] },
        ],
      },
      {
        data: { text: "Answer two", item_id: "s-1#1", session_id: "s-1", turn: 1 },
        annotations: [
          { ground_truth: false, created_at: "2026-03-02T10:00:00.000Z", meta: { rater: "ann" }, result: [{ from_name: "issues", to_name: "text", type: "choices", value: { choices: ["tone", "facts"] } }] },
          { ground_truth: false, created_at: "2026-03-02T10:00:00.000Z", meta: { rater: "bob" }, result: [{ from_name: "helpfulness", to_name: "text", type: "number", value: { number: 7.5 } }] },
        ],
      },
    ]);
  });
});
