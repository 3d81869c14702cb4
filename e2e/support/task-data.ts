// Data for e2e/task-metrics.spec.ts, written straight into the test server's database: a
// judge of its own and, for each criterion type, a declared criterion (a unique name), turns
// of a generic dataset with that dimension, three annotators' answers on each, and the
// judge's answer with a confidence (its score, for the numeric criterion).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { testDatabaseUrl } from "../fixtures";

export type SeededTasks = { judge: string; criteria: { binary: string; categorical: string; multilabel: string; numeric: string } };

/** A small deterministic generator (mulberry32): the same data on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Answer = { judge: string | string[] | number; confidence: number | null; raters: (string | string[] | number)[] };

const CATEGORIES = ["question", "complaint", "praise", "other"];
const TAGS = ["factual", "tone", "format", "length"];

function answers(type: keyof SeededTasks["criteria"], next: () => number): Answer {
  const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)];
  switch (type) {
    case "binary": {
      // "safe" dominates: the raters agree often, κ stays low (the kappa paradox).
      const truth = next() < 0.88 ? "safe" : "unsafe";
      const flip = (label: string) => (next() < 0.1 ? (label === "safe" ? "unsafe" : "safe") : label);
      const isRight = next() < 0.8;
      return { judge: isRight ? truth : truth === "safe" ? "unsafe" : "safe", confidence: isRight ? 0.7 + next() * 0.3 : 0.5 + next() * 0.4, raters: [truth, flip(truth), flip(truth)] };
    }
    case "categorical": {
      const truth = pick(CATEGORIES);
      const isRight = next() < 0.7;
      return { judge: isRight ? truth : pick(CATEGORIES), confidence: 0.4 + next() * 0.6, raters: [truth, next() < 0.8 ? truth : pick(CATEGORIES), truth] };
    }
    case "multilabel": {
      const truth = TAGS.filter(() => next() < 0.35);
      const vary = (set: string[]) => TAGS.filter((tag) => (next() < 0.85 ? set.includes(tag) : !set.includes(tag)));
      return { judge: vary(truth), confidence: 0.3 + next() * 0.7, raters: [truth, vary(truth), truth] };
    }
    case "numeric": {
      const truth = 1 + Math.floor(next() * 10);
      const near = () => Math.max(1, Math.min(10, truth + Math.round((next() - 0.5) * 3)));
      return { judge: near() + 0.5 * next(), confidence: null, raters: [truth, near(), near()] };
    }
  }
}

const DECLARED: Record<keyof SeededTasks["criteria"], { labels: string[]; positive: string | null; min: number | null; max: number | null }> = {
  binary: { labels: ["safe", "unsafe"], positive: "unsafe", min: null, max: null },
  categorical: { labels: CATEGORIES, positive: null, min: null, max: null },
  multilabel: { labels: TAGS, positive: null, min: null, max: null },
  numeric: { labels: [], positive: null, min: 1, max: 10 },
};

export async function seedTasks(turnsPerCriterion = 60): Promise<SeededTasks> {
  const id = randomUUID().slice(0, 8);
  const judge = `e2e-task-${id}`;
  const criteria = { binary: `safety-${id}`, categorical: `intent-${id}`, multilabel: `issues-${id}`, numeric: `helpfulness-${id}` };
  const next = random(20_261_125);
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query("BEGIN");
    const judgeId = (await client.query<{ id: number }>("INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'imported') RETURNING id", [judge])).rows[0].id;
    for (const type of Object.keys(criteria) as (keyof SeededTasks["criteria"])[]) {
      const criterion = criteria[type];
      const declared = DECLARED[type];
      await client.query("INSERT INTO criterion_types (criterion, type, labels, positive, min, max) VALUES ($1, $2, $3, $4, $5, $6)", [
        criterion,
        type,
        declared.labels,
        declared.positive,
        declared.min,
        declared.max,
      ]);
      const sessionId = (
        await client.query<{ id: number }>(
          "INSERT INTO eval_sessions (external_id, content_hash, kind, started_at, turn_count, updated_at) VALUES ($1, $1, 'generic', '2026-02-02T09:00:00Z', $2, now()) RETURNING id",
          [criterion, turnsPerCriterion],
        )
      ).rows[0].id;
      for (let ordinal = 0; ordinal < turnsPerCriterion; ordinal++) {
        const answer = answers(type, next);
        const turnId = (
          await client.query<{ id: number }>(
            "INSERT INTO turns (session_id, ordinal, persona_id, response, word_count, dimension, raw) VALUES ($1, $2, 'item', $3, 12, $4, '{}'::jsonb) RETURNING id",
            [sessionId, ordinal, `Task spec item ${ordinal + 1} for ${criterion}.`, criterion],
          )
        ).rows[0].id;
        if (type === "numeric") {
          await client.query("INSERT INTO judge_scores (turn_id, judge_id, overall_score, is_imported) VALUES ($1, $2, $3, true)", [turnId, judgeId, answer.judge]);
        } else {
          const isSet = Array.isArray(answer.judge);
          await client.query("INSERT INTO judge_labels (turn_id, judge_id, label, labels, confidence, is_imported) VALUES ($1, $2, $3, $4, $5, true)", [
            turnId,
            judgeId,
            isSet ? null : answer.judge,
            isSet ? answer.judge : null,
            answer.confidence,
          ]);
        }
        for (const [r, value] of answer.raters.entries()) {
          await client.query("INSERT INTO ratings (turn_id, annotator, criterion, label, labels, score, source) VALUES ($1, $2, 'overall', $3, $4, $5, 'imported')", [
            turnId,
            `task-annotator-${r + 1}-${id}`,
            typeof value === "string" ? value : null,
            Array.isArray(value) ? value : null,
            typeof value === "number" ? value : null,
          ]);
        }
      }
    }
    await client.query("COMMIT");
    return { judge, criteria };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}
