// What Concord understood of a native source's file, shown before anything is stored (the
// CLI's --dry-run, the import page's preview): the criteria and their types, the human raters,
// the judge, the items, and the items that have no pair (a judge value and no human, or the
// reverse). It plans the import exactly as the generic import will, so a preview that passes
// is an import that passes.
import { describeCriterionType, type CriterionType } from "../criterion-type.schema";
import type { ImportResult } from "../import-result";
import { planGenericImport } from "../plan-generic-import";
import type { ImportProblem } from "../problems";
import { SOURCE_TITLES, type SourceName, type SourceRead, type SkippedRecord } from "./source-values";
import { toGenericTable, type NativeTable } from "./to-generic-table";

export const UNPAIRED_LISTED = 20;

export type SourcePreview = {
  source: SourceName;
  sourceTitle: string;
  judgeName: string;
  itemCount: number;
  /** Item + criterion keys with a judge value and at least one human value. */
  pairCount: number;
  criteria: { criterion: string; type: CriterionType; typeText: string; isDeclared: boolean; judgeValues: number; humanValues: number }[];
  raters: { rater: string; values: number }[];
  /** The judges as the source names them (evaluator config, model version, agent, scorer). */
  judges: { name: string; values: number }[];
  judgeOnly: { count: number; listed: { item: string; criterion: string }[] };
  humanOnly: { count: number; listed: { item: string; criterion: string }[] };
  skipped: SkippedRecord[];
};

/** An import of a native source: what was stored (or would be, on a dry run) and what was understood. */
export type NativeImportResult = ImportResult & { preview: SourcePreview };

export type PlannedSource = { preview: SourcePreview; native: NativeTable };

export function planSourceImport(read: SourceRead, judgeName?: string): PlannedSource | { problems: ImportProblem[] } {
  const native = toGenericTable(read, judgeName);
  if ("problems" in native) return native;
  const name = `imported:${native.fields.judgeName}`;
  const planned = planGenericImport(native.table, native.fields, { judgeName: name, sessionId: null, isJudgeOptional: true });
  if ("problems" in planned) return { problems: planned.problems.problems.map(native.locate) };

  const keys = new Map<string, { item: string; criterion: string; judge: number; human: number }>();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const raters = new Map<string, number>();
  const judges = new Map<string, number>();
  for (const value of read.values) {
    const id = JSON.stringify([value.item, value.criterion]);
    const key = keys.get(id) ?? { item: value.item, criterion: value.criterion, judge: 0, human: 0 };
    keys.set(id, key);
    if (value.role === "judge") {
      key.judge++;
      count(judges, value.rater);
    } else {
      key.human++;
      count(raters, value.rater);
    }
  }
  const all = [...keys.values()];
  const unpaired = (pick: (k: (typeof all)[number]) => boolean) => {
    const found = all.filter(pick);
    return { count: found.length, listed: found.slice(0, UNPAIRED_LISTED).map(({ item, criterion }) => ({ item, criterion })) };
  };
  const criteria = planned.plan.criteria.map((c) => {
    const own = all.filter((k) => k.criterion === c.criterion);
    return {
      criterion: c.criterion,
      type: c.type,
      typeText: describeCriterionType(c.type),
      isDeclared: c.isDeclared,
      judgeValues: own.reduce((n, k) => n + k.judge, 0),
      humanValues: own.reduce((n, k) => n + k.human, 0),
    };
  });
  const sorted = (map: Map<string, number>) => [...map].map(([name, values]) => ({ name, values })).sort((a, b) => a.name.localeCompare(b.name));
  return {
    native,
    preview: {
      source: read.source,
      sourceTitle: SOURCE_TITLES[read.source],
      judgeName: name,
      itemCount: new Set(all.map((k) => k.item)).size,
      pairCount: all.filter((k) => k.judge > 0 && k.human > 0).length,
      criteria,
      raters: sorted(raters).map(({ name: rater, values }) => ({ rater, values })),
      judges: sorted(judges),
      judgeOnly: unpaired((k) => k.human === 0),
      humanOnly: unpaired((k) => k.judge === 0),
      skipped: read.skipped,
    },
  };
}

/** The preview as lines of text (the CLI's --dry-run). */
export function describeSourcePreview(preview: SourcePreview): string[] {
  const lines = [`${preview.sourceTitle}: ${plural(preview.itemCount, "item")}, ${plural(preview.pairCount, "judge-human pair")} (item + criterion)`];
  lines.push("criteria:");
  for (const c of preview.criteria) {
    lines.push(`  ${c.criterion}: ${c.typeText} (${c.isDeclared ? "from the source" : "inferred"}); ${plural(c.judgeValues, "judge value")}, ${plural(c.humanValues, "human value")}`);
  }
  lines.push(`raters (human): ${preview.raters.length === 0 ? "none" : preview.raters.map((r) => `${r.rater} (${r.values})`).join(", ")}`);
  lines.push(`judge: ${preview.judgeName}${preview.judges.length > 0 ? ` from ${preview.judges.map((j) => `${j.name} (${j.values})`).join(", ")}` : ", no judge values"}`);
  for (const [label, unpaired] of [["without a human value", preview.judgeOnly], ["without a judge value", preview.humanOnly]] as const) {
    if (unpaired.count === 0) continue;
    const shown = unpaired.listed.map((k) => `${k.item} ${k.criterion}`).join(", ");
    lines.push(`items ${label}: ${unpaired.count}${shown ? ` (${shown}${unpaired.count > unpaired.listed.length ? ", …" : ""})` : ""}`);
  }
  for (const skip of preview.skipped) lines.push(`left out: ${plural(skip.count, "record")}, ${skip.reason}`);
  return lines;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
