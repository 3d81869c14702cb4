// Pass 1 of a log import: validates every line, assigns turns to sessions, and hashes each
// session's content, without keeping the turns in memory (a log can be large). The store
// pass then reads the input again knowing every session's identity, seed prompt and size.
import type { Hash } from "node:crypto";
import { addJson, anonymousExternalId, newContentHash } from "./content-hash";
import { toIsoInstant, type ImportedSummary } from "./log-record.schema";
import type { ParsedLogEntry } from "./parse-log-line";
import { ProblemCollector, type ImportProblem, type ProblemReport } from "./problems";
import { explicitIdOf, SessionResolver } from "./session-resolver";

export type PlannedSession = {
  /** The resolver's key, shared by both passes. */
  key: string;
  externalId: string;
  contentHash: string;
  seedPrompt: string | null;
  /** The `{"type":"session"}` line as given, if any. */
  meta: Record<string, unknown> | null;
  turnCount: number;
  startedAt: string | null;
  endedAt: string | null;
  summary: ImportedSummary | null;
};

export type LogPlan = { sessions: PlannedSession[]; turnCount: number };

type Draft = {
  key: string;
  hash: Hash;
  seedPrompt: string | null;
  meta: Record<string, unknown> | null;
  /** Where the header in `meta` came from: "line 3" or "records[0]". */
  metaPlace: string | null;
  turnCount: number;
  first: number;
  last: number;
};

export type LogPlanOptions = { sessionId?: string | null; seedPrompt?: string | null };

export class LogPlanner {
  private readonly problems = new ProblemCollector();
  private readonly drafts = new Map<string, Draft>();
  private readonly resolver: SessionResolver;

  constructor(private readonly options: LogPlanOptions = {}) {
    this.resolver = new SessionResolver(options.sessionId ?? null);
  }

  addProblem(line: number | null, path: string, message: string): void {
    this.problems.add({ line, path, message });
  }

  addProblems(problems: readonly ImportProblem[]): void {
    this.problems.addAll(problems);
  }

  add(entry: ParsedLogEntry): void {
    if (entry.kind === "invalid") {
      this.problems.addAll(entry.problems);
      return;
    }
    if (entry.kind === "header") {
      const draft = this.draftFor(this.resolver.enterHeader(entry.header));
      const place = entry.line === null ? entry.path || "the header" : `line ${entry.line}`;
      if (draft.meta !== null) {
        // The same header again is harmless; a different one would be merged silently
        // (which seed prompt wins?), so both places are named and nothing is stored.
        const differing = differingFields(draft.meta, entry.value);
        if (differing.length > 0) {
          const session = explicitIdOf(draft.key);
          this.addProblem(
            entry.line,
            entry.path,
            `this session header${session === null ? "" : ` for session "${session}"`} disagrees with the one on ${draft.metaPlace} (${differing.join(", ")} ${differing.length === 1 ? "differs" : "differ"}); give each session one header`,
          );
        } else addJson(draft.hash, entry.value); // hashed as before, so a re-import still matches
        return;
      }
      draft.meta = entry.value;
      draft.metaPlace = place;
      draft.seedPrompt ??= entry.header.seed_prompt ?? null;
      addJson(draft.hash, entry.value);
      return;
    }
    const draft = this.draftFor(this.resolver.keyOf(entry.record));
    draft.turnCount++;
    draft.seedPrompt ??= entry.record.seed_prompt ?? null;
    if (entry.record.timestamp) {
      const time = Date.parse(toIsoInstant(entry.record.timestamp));
      draft.first = Math.min(draft.first, time);
      draft.last = Math.max(draft.last, time);
    }
    if (!this.problems.hasProblems) addJson(draft.hash, entry.value);
  }

  private draftFor(key: string): Draft {
    let draft = this.drafts.get(key);
    if (draft === undefined) {
      draft = { key, hash: newContentHash("log"), seedPrompt: null, meta: null, metaPlace: null, turnCount: 0, first: Infinity, last: -Infinity };
      this.drafts.set(key, draft);
    }
    return draft;
  }

  /** The plan, or the problems that stop the import (then nothing may be stored). */
  finish(summary: ImportedSummary | null = null): { plan: LogPlan } | { problems: ProblemReport } {
    const drafts = [...this.drafts.values()].filter((draft) => draft.turnCount > 0);
    if (drafts.length === 0 && !this.problems.hasProblems) this.addProblem(null, "", "the input holds no turns");
    if (summary !== null && drafts.length > 1) {
      this.addProblem(null, "summary", `a summary describes one session, but the input holds ${drafts.length} sessions`);
    }
    const sessions = drafts.map((draft) => this.toSession(draft, summary));
    const seen = new Map<string, PlannedSession>();
    for (const session of sessions) {
      if (seen.has(session.externalId)) {
        this.addProblem(null, "", `two anonymous sessions in the input have the same content (${session.externalId})`);
      }
      seen.set(session.externalId, session);
    }
    if (this.problems.hasProblems) return { problems: this.problems.report() };
    return { plan: { sessions, turnCount: sessions.reduce((total, session) => total + session.turnCount, 0) } };
  }

  private toSession(draft: Draft, summary: ImportedSummary | null): PlannedSession {
    const seedPrompt = draft.seedPrompt ?? this.options.seedPrompt ?? null;
    addJson(draft.hash, { seed_prompt: seedPrompt, summary });
    const contentHash = draft.hash.digest("hex");
    return {
      key: draft.key,
      externalId: explicitIdOf(draft.key) ?? anonymousExternalId(contentHash),
      contentHash,
      seedPrompt,
      meta: draft.meta,
      turnCount: draft.turnCount,
      startedAt: Number.isFinite(draft.first) ? new Date(draft.first).toISOString() : null,
      endedAt: Number.isFinite(draft.last) ? new Date(draft.last).toISOString() : null,
      summary,
    };
  }
}

/** The top-level fields whose values differ between two headers, in order of appearance. */
function differingFields(first: Record<string, unknown>, second: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(first), ...Object.keys(second)])];
  return keys.filter((key) => JSON.stringify(first[key]) !== JSON.stringify(second[key]));
}
