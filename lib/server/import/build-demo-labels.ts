import { normalSource, uniformSource } from "@/lib/stats/seeded-random";

// A second demo dataset, in the generic import's long format: support replies judged by an
// LLM on one criterion of each type (binary, categorical, multi-label, numeric) and labelled
// by three annotators, so the report's per-type metrics have something to show on first start.

export const DEMO_LABEL_ANNOTATORS = ["Annotator A", "Annotator B", "Annotator C"] as const;
export const DEMO_LABEL_ITEMS = 60;

const INTENTS = ["question", "request", "complaint", "praise"] as const;
const ISSUES = ["factual_error", "off_topic", "too_long", "rude"] as const;

/** As the import's `--criterion-type` declarations. */
export const DEMO_LABEL_CRITERIA = [
  "policy=binary:fail,pass",
  `intent=categorical:${INTENTS.join(",")}`,
  `issues=multilabel:${ISSUES.join(",")}`,
  "helpfulness=numeric:0:10",
];

type Row = { item_id: string; text: string; dimension: string; annotator: string; human: unknown; judge: unknown; confidence: number | null };

/**
 * The rows as JSONL: per item and criterion one row per annotator, the judge's answer (and
 * its confidence on label criteria) repeated on each. Annotators agree with a hidden truth
 * most of the time; the judge a little less, and less when it is unsure.
 */
export function buildDemoLabels(seed: number): string {
  const random = uniformSource(seed ^ 0x1abe1);
  const normal = normalSource(random);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  const rows: Row[] = [];
  for (let i = 0; i < DEMO_LABEL_ITEMS; i++) {
    const item = `reply-${String(i + 1).padStart(3, "0")}`;
    const text = `Support reply ${i + 1}`;
    const confidence = Math.round((0.5 + random() * 0.5) * 100) / 100;
    const judgeRight = () => random() < confidence;
    const truth = {
      policy: random() < 0.8 ? "pass" : "fail",
      intent: pick(INTENTS),
      issues: ISSUES.filter(() => random() < 0.25),
      helpfulness: Math.min(10, Math.max(0, 6 + 2 * normal())),
    };
    const flip = (label: string) => (label === "pass" ? "fail" : "pass");
    const noisyIssues = (chance: number) => ISSUES.filter((issue) => (truth.issues.includes(issue) ? random() >= chance : random() < chance / 3));
    const round = (x: number) => Math.round(Math.min(10, Math.max(0, x)) * 10) / 10;
    const judge = {
      policy: judgeRight() ? truth.policy : flip(truth.policy),
      intent: judgeRight() ? truth.intent : pick(INTENTS),
      issues: noisyIssues(1 - confidence),
      helpfulness: round(truth.helpfulness + 0.8 + 1.2 * normal()),
    };
    for (const annotator of DEMO_LABEL_ANNOTATORS) {
      const human = {
        policy: random() < 0.9 ? truth.policy : flip(truth.policy),
        intent: random() < 0.85 ? truth.intent : pick(INTENTS),
        issues: noisyIssues(0.15),
        helpfulness: round(truth.helpfulness + normal()),
      };
      for (const key of ["policy", "intent", "issues", "helpfulness"] as const) {
        rows.push({ item_id: item, text, dimension: key, annotator, human: human[key], judge: judge[key], confidence: key === "helpfulness" ? null : confidence });
      }
    }
  }
  return rows.map((row) => JSON.stringify(row)).join("\n");
}
