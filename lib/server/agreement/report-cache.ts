import "server-only";
import type { AgreementData } from "@/lib/agreement/agreement-data";
import type { AgreementPairs } from "@/lib/agreement/build-pairs";
import { LruCache } from "@/lib/agreement/lru-cache";
import type { AgreementReport } from "@/lib/agreement/report";
import type { TaskReportEntry } from "@/lib/agreement/task-report";
import { clearDataVersions } from "./get-data-version";

// In-process caches of the agreement report, keyed by the data version (see
// get-data-version.ts) and the scope. They are caches, not state: another instance or a
// restart just computes again. Entries also expire after a while, which bounds how long a
// change the data version cannot see (a row rewritten in place) stays hidden.

const MAX_AGE_MS = 10 * 60_000;

type Cached<V> = { cache: LruCache<V> };
const globalForCache = globalThis as unknown as { concordAgreementCaches?: Record<string, Cached<unknown>> };

function shared<V>(name: string, capacity: number): LruCache<V> {
  globalForCache.concordAgreementCaches ??= {};
  const caches = globalForCache.concordAgreementCaches;
  caches[name] ??= { cache: new LruCache<unknown>(capacity, MAX_AGE_MS) };
  return caches[name].cache as LruCache<V>;
}

/**
 * The database rows of a scope (judge, persona, criterion, dates, import). With 100,000
 * rated turns in scope an entry holds about 25 MB, hence a handful only.
 */
export const dataCache = shared<AgreementData>("data", 3);
/** The figures and pairs of a scope under one threshold version (a few MB each). */
export const reportCache = shared<{ pairs: AgreementPairs; report: AgreementReport }>("report", 8);
export const defaultJudgeCache = shared<{ id: number; name: string; version: string; kind: string } | null>("default-judge", 4);
/** A threshold version's cut-offs by data version (which sees every new or activated version). */
export const thresholdsCache = shared<{ id: number | null; version: number; isActive: boolean; cutoffs: { fair: number; good: number; excellent: number } }>("thresholds", 8);
/** Judge-level counts of the unlabeled turns in a scope (find-unlabeled-levels.ts). */
export const unlabeledCache = shared<number[]>("unlabeled", 16);
export const optionsCache = shared<unknown>("options", 4);
/** The report of a binary, categorical, multi-label or numeric criterion (get-task-report.ts). */
export const taskCache = shared<TaskReportEntry>("task", 8);

/** Empties every cache, the data version's included: what a restarted process starts from. */
export function clearAgreementCaches(): void {
  for (const { cache } of Object.values(globalForCache.concordAgreementCaches ?? {})) cache.clear();
  clearDataVersions();
}

/** The diagnostics of a panel judge in a scope (lib/server/panels/get-panel-report.ts). */
export const panelCache = shared<unknown>("panel", 8);

/** The raw-vs-calibrated figures of a calibrated judge in a scope (lib/server/calibrated-judges/get-calibration-report.ts). */
export const calibrationCache = shared<unknown>("calibration", 8);

/** A judge name's versions on a scope's frozen set (lib/server/judge-versions). */
export const versionsCache = shared<unknown>("versions", 8);
/** The self-enhancement figures of a scope's judge (lib/server/self-enhancement). */
export const selfEnhancementCache = shared<unknown>("self-enhancement", 8);
