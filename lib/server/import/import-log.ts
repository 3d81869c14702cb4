import "server-only";
import { DEFAULT_JUDGE_CONFIG, type JudgeConfig } from "@/lib/judge";
import { buildLogTurn } from "@/lib/ingest/build-log-turn";
import { compareSummaries, SummaryTally } from "@/lib/ingest/compare-summary";
import type { ImportResult } from "@/lib/ingest/import-result";
import { parseSummary, readLogItems, type LogInput } from "@/lib/ingest/log-input";
import { LogPlanner, type LogPlan, type PlannedSession } from "@/lib/ingest/plan-log-import";
import { SessionResolver } from "@/lib/ingest/session-resolver";
import { claimSessions, type ClaimedSession } from "./claim-sessions";
import { ensureJudge, HEURISTIC_JUDGE } from "./ensure-judge";
import { ImportInvalidError } from "./import-errors";
import type { ImportActor, Tx } from "./import-types";
import { turnWriter } from "./insert-turns";
import { withImportTransaction } from "./with-import-transaction";

export type LogImportRequest = {
  input: LogInput;
  actor: ImportActor;
  fileName?: string | null;
  /** The session's summary.json, parsed JSON not yet validated; `summaryLabel` names it in problems. */
  summary?: unknown;
  summaryLabel?: string;
  sessionId?: string | null;
  seedPrompt?: string | null;
  replace?: boolean;
  config?: JudgeConfig;
};

/**
 * Imports an orchestrator log (SPEC §2) all-or-nothing, in two passes over the input: the
 * first validates every line and works out each session's identity and content hash; the
 * second, inside one transaction, scores the turns that carry no metrics with the heuristic
 * judge and streams them through COPY (insert-turns.ts). Memory stays flat whatever the size of the input.
 */
export async function importLog(request: LogImportRequest): Promise<ImportResult> {
  const config = request.config ?? DEFAULT_JUDGE_CONFIG;
  const planner = new LogPlanner({ sessionId: request.sessionId, seedPrompt: request.seedPrompt });
  let summary = null;
  if (request.summary !== undefined && request.summary !== null) {
    const parsed = parseSummary(request.summary, request.summaryLabel ?? "summary");
    if ("problems" in parsed) planner.addProblems(parsed.problems);
    else summary = parsed.summary;
  }
  for await (const { entry } of readLogItems(request.input)) planner.add(entry);
  const planned = planner.finish(summary);
  if ("problems" in planned) throw new ImportInvalidError(planned.problems);
  const { plan } = planned;

  let judgeId = 0;
  return withImportTransaction(async (tx) => {
    const claimed = await claimSessions(
      tx,
      plan.sessions.map((session) => ({ ...session, importedSummary: session.summary })),
      { kind: "orchestrator", replace: request.replace ?? false, actor: request.actor, fileName: request.fileName ?? null },
    );
    if (claimed.importId === null) return result("already_imported", null, claimed.sessions, plan, new Map());
    const differences = await storeTurns(tx, request, plan, claimed.sessions, judgeId, config);
    return result("created", claimed.importId, claimed.sessions, plan, differences);
  }, { prepare: async (client) => {
    judgeId = await ensureJudge(client, HEURISTIC_JUDGE);
  } });
}

/** Pass 2: the turns of the sessions being written; returns the summary comparisons. */
async function storeTurns(
  tx: Tx,
  request: LogImportRequest,
  plan: LogPlan,
  claimed: readonly ClaimedSession[],
  judgeId: number,
  config: JudgeConfig,
): Promise<Map<string, ReturnType<typeof compareSummaries>>> {
  const byKey = new Map<string, { planned: PlannedSession; id: number; ordinal: number; tally: SummaryTally | null }>();
  plan.sessions.forEach((planned, i) => {
    if (claimed[i].status === "unchanged") return;
    byKey.set(planned.key, { planned, id: claimed[i].id, ordinal: 0, tally: planned.summary ? new SummaryTally() : null });
  });
  const resolver = new SessionResolver(request.sessionId ?? null);
  const writer = turnWriter(tx, judgeId, [...byKey.values()].reduce((n, session) => n + session.planned.turnCount, 0));
  try {
    for await (const { entry, raw } of readLogItems(request.input)) {
      if (entry.kind === "invalid") throw new Error("the input changed while it was being imported; nothing was imported");
      if (entry.kind === "header") {
        resolver.enterHeader(entry.header);
        continue;
      }
      const session = byKey.get(resolver.keyOf(entry.record));
      if (session === undefined) continue;
      const stored = buildLogTurn({ record: entry.record, raw, ordinal: session.ordinal++, seedPrompt: session.planned.seedPrompt, generatorModel: headerGeneratorModel(session.planned.meta), config });
      session.tally?.add(stored.turn.persona_id, stored.score, stored.turn.affect_amplitude);
      await writer.add(session.id, stored);
    }
    await writer.finish();
  } catch (error) {
    await writer.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }

  const differences = new Map<string, ReturnType<typeof compareSummaries>>();
  for (const { planned, ordinal, tally } of byKey.values()) {
    if (ordinal !== planned.turnCount) throw new Error("the input changed while it was being imported; nothing was imported");
    if (tally && planned.summary) differences.set(planned.externalId, compareSummaries(planned.summary, tally.summary(config)));
  }
  return differences;
}

function result(
  status: ImportResult["status"],
  importId: number | null,
  sessions: readonly ClaimedSession[],
  plan: LogPlan,
  differences: Map<string, ReturnType<typeof compareSummaries>>,
): ImportResult {
  const written = sessions.filter((session) => session.status !== "unchanged");
  return {
    status,
    importId,
    sessions: sessions.map((session, i) => ({
      ...session,
      summaryDifferences: plan.sessions[i].summary ? (differences.get(session.externalId) ?? null) : null,
    })),
    turnCount: written.reduce((n, session) => n + session.turnCount, 0),
    ratingCount: 0,
  };
}

/** A session header's `generator_model`: the model of every line of the session that names none. */
function headerGeneratorModel(meta: Record<string, unknown> | null): string | null {
  const value = meta?.generator_model;
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 200) : null;
}
