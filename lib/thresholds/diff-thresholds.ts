import type { Thresholds } from "./thresholds.schema";
import { canonicalWeights, orderedPersonas, personaLabel, WEIGHT_METRICS, WEIGHT_METRIC_LABELS } from "./weights";

export type ThresholdChange = { field: string; label: string; from: number | null; to: number | null };

const CUTOFF_LABELS = { excellent: "Excellent ≥", good: "Good ≥", fair: "Fair ≥" } as const;

/**
 * What changed from `before` to `after`: each cut-off and each persona weight that differs
 * (null where a persona or a weight is absent on one side). Empty when nothing changed.
 */
export function diffThresholds(before: Thresholds, after: Thresholds): ThresholdChange[] {
  const changes: ThresholdChange[] = [];
  for (const key of ["excellent", "good", "fair"] as const) {
    if (before.cutoffs[key] !== after.cutoffs[key]) {
      changes.push({ field: `cutoffs.${key}`, label: CUTOFF_LABELS[key], from: before.cutoffs[key], to: after.cutoffs[key] });
    }
  }
  const a = canonicalWeights(before.weights);
  const b = canonicalWeights(after.weights);
  const personas = orderedPersonas({ ...a, ...b });
  for (const persona of personas) {
    for (const metric of WEIGHT_METRICS) {
      const from = a[persona] ? (a[persona][metric] ?? 0) : null;
      const to = b[persona] ? (b[persona][metric] ?? 0) : null;
      if (from !== to) {
        changes.push({ field: `weights.${persona}.${metric}`, label: `${personaLabel(persona)} · ${WEIGHT_METRIC_LABELS[metric].toLowerCase()}`, from, to });
      }
    }
  }
  return changes;
}
