import { averageRanks } from "@/lib/stats";
import type { AgreementPairs } from "./build-pairs";
import { agreementFigures, subset, type AgreementFigures } from "./figures";
import { groupScoreRanks } from "./shared-ranks";

/** The headline figures (but τ) within one group of units (a persona, a criterion, a week, an import). */
export type GroupFigures = AgreementFigures & { key: string };

/** Units grouped by `keyOf`, each group's figures, in the order `compare` gives the keys. */
export function groupFigures(
  pairs: AgreementPairs,
  keyOf: (unit: number) => string,
  compare: (a: string, b: string) => number = byText,
  whole?: AgreementFigures,
): GroupFigures[] {
  const members = new Map<string, { group: number; units: number[] }>();
  const group = new Int32Array(pairs.n);
  let lastKey: string | null = null;
  let last = { group: -1, units: [] as number[] };
  for (let u = 0; u < pairs.n; u++) {
    const key = keyOf(u);
    // Neighbouring units often share a group (a week, an import): no lookup then.
    if (key !== lastKey) {
      let found = members.get(key);
      if (!found) members.set(key, (found = { group: members.size, units: [] }));
      last = found;
      lastKey = key;
    }
    last.units.push(u);
    group[u] = last.group;
  }
  const keys = [...members.keys()].sort(compare);
  // One group is all units: its figures are the whole's (τ left out, as for any group).
  if (keys.length === 1 && whole) return [{ key: keys[0], ...whole, kendall: { ...whole.kendall, value: null, pValue: null, pValueMethod: null, ci: null } }];
  // Every group's scores ranked from the one sort of all scores (shared-ranks.ts).
  const scoreRanks = groupScoreRanks(pairs, group);
  return keys.map((key) => {
    const list = members.get(key)!.units;
    const ranks = { human: averageRanks(subset(pairs.human, list, Int32Array)), score: subset(scoreRanks, list, Float64Array) };
    const { confusion: _confusion, ...figures } = agreementFigures(pairs, list, { kendall: false }, ranks);
    return { key, ...figures };
  });
}

const DAY_MS = 86_400_000;

/** The Monday (UTC) starting the week of a day (days since 1970-01-01), as YYYY-MM-DD. */
export function weekStart(day: number): string {
  const sinceMonday = (((day + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  const monday = day - sinceMonday;
  let text = weekNames.get(monday);
  if (text === undefined) weekNames.set(monday, (text = new Date(monday * DAY_MS).toISOString().slice(0, 10)));
  return text;
}

const weekNames = new Map<number, string>();

/** Key of the units that came with no import (rated in place, seeded directly). */
export const NO_IMPORT = "none";

export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Import ids in numeric order, "none" last. */
export function byImportKey(a: string, b: string): number {
  if (a === NO_IMPORT || b === NO_IMPORT) return a === b ? 0 : a === NO_IMPORT ? 1 : -1;
  return Number(a) - Number(b);
}

export function breakdowns(pairs: AgreementPairs, whole: AgreementFigures) {
  const { units } = pairs;
  return {
    byPersona: groupFigures(pairs, (u) => units.persona[u], byText, whole),
    byCriterion: groupFigures(pairs, (u) => units.criterion[u], byText, whole),
    overTime: {
      byWeek: groupFigures(pairs, (u) => weekStart(units.day[u]), byText, whole),
      byImport: groupFigures(pairs, (u) => (units.importId[u] === null ? NO_IMPORT : String(units.importId[u])), byImportKey, whole),
    },
  };
}
