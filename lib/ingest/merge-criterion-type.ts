import type { CriterionType } from "./criterion-type.schema";

// A criterion's type is shared by every dataset that rates it. An import may widen what an
// earlier one stored (more labels, a wider range) but never change what it means: another
// type, or another positive label, would silently re-read the ratings already stored.

function describe(type: CriterionType): string {
  switch (type.type) {
    case "ordinal":
      return "ordinal levels";
    case "binary":
      return `binary (${type.labels.join(", ")}; positive ${type.positive})`;
    case "categorical":
    case "multilabel":
      return `${type.type === "categorical" ? "categorical" : "multi-label"} (${type.labels.join(", ")})`;
    case "numeric":
      return `numeric from ${type.min} to ${type.max}`;
  }
}

function union(stored: readonly string[], incoming: readonly string[]): string[] {
  return [...stored, ...incoming.filter((label) => !stored.includes(label))];
}

/**
 * The type to store for `criterion` when an import brings `incoming` and `stored` is there
 * already: the same type with the labels of both (stored ones first, in their order) or the
 * range covering both; or, when the two cannot be one type, a problem saying what to do.
 */
export function mergeCriterionType(criterion: string, stored: CriterionType | null, incoming: CriterionType): { type: CriterionType } | { problem: string } {
  if (stored === null) return { type: incoming };
  const conflict = {
    problem:
      `criterion "${criterion}" is stored as ${describe(stored)} by an earlier import or the rubric; this file makes it ${describe(incoming)}. ` +
      `Declare its type as stored (--criterion-type ${criterion}=${stored.type}) or import it under another name.`,
  };
  if (stored.type !== incoming.type) return conflict;
  switch (stored.type) {
    case "ordinal":
      return { type: stored };
    case "binary": {
      const next = incoming as typeof stored;
      return next.positive === stored.positive && next.labels[0] === stored.labels[0] ? { type: stored } : conflict;
    }
    case "categorical":
    case "multilabel":
      return { type: { ...stored, labels: union(stored.labels, (incoming as typeof stored).labels) } };
    case "numeric": {
      const next = incoming as typeof stored;
      return { type: { type: "numeric", min: Math.min(stored.min, next.min), max: Math.max(stored.max, next.max) } };
    }
  }
}
