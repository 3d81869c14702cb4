import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "../db";

// Rows for the sessions tests, written directly (not through the import) and named so that
// they never collide with other tests sharing the database.

export type FixtureTurn = {
  personaId: string;
  response?: string;
  affect?: number | null;
  depth?: number;
  /** judge id → overall score; a missing judge did not score the turn. */
  scores?: Record<number, number>;
  metrics?: unknown;
  /** Imported annotators' levels on "overall". */
  ratings?: number[];
};

export type FixtureSession = {
  seedPrompt: string;
  startedAt?: Date | null;
  kind?: "orchestrator" | "generic";
  importedSummary?: unknown;
  turns: FixtureTurn[];
};

/** A word of lowercase letters no other test uses. */
export function uniqueWord(prefix = "zq"): string {
  return `${prefix}${Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
}

/** Hangul syllables no other test uses. */
export function uniqueHangul(length = 4): string {
  const bytes = randomBytes(length * 2);
  return Array.from({ length }, (_, i) => String.fromCharCode(0xac00 + (bytes.readUInt16BE(i * 2) % 11172))).join("");
}

export async function createJudge(label: string, kind: "heuristic" | "llm" | "imported" = "llm"): Promise<number> {
  const judge = await getDb().judge.create({ data: { name: `${label}-${uniqueWord("")}`, version: "t1", kind }, select: { id: true } });
  return judge.id;
}

export async function createSession(session: FixtureSession): Promise<number> {
  const db = getDb();
  const created = await db.evalSession.create({
    data: {
      externalId: `sessions-test-${uniqueWord("")}`,
      contentHash: uniqueWord(""),
      kind: session.kind ?? "orchestrator",
      seedPrompt: session.seedPrompt,
      startedAt: session.startedAt === undefined ? new Date("2024-06-01T10:00:00Z") : session.startedAt,
      turnCount: session.turns.length,
      importedSummary: session.importedSummary ?? undefined,
    },
    select: { id: true },
  });
  for (const [ordinal, turn] of session.turns.entries()) {
    const { id: turnId } = await db.turn.create({
      data: {
        sessionId: created.id,
        ordinal,
        depthIndex: turn.depth ?? Math.floor(ordinal / 3) + 1,
        stepIndex: (ordinal % 3) + 1,
        personaId: turn.personaId,
        response: turn.response ?? `Response ${ordinal} of a test session.`,
        wordCount: (turn.response ?? "").split(/\s+/).filter(Boolean).length,
        affectAmplitude: turn.affect === undefined ? 0.5 + ordinal / 100 : turn.affect,
        raw: {},
      },
      select: { id: true },
    });
    for (const [judgeId, overallScore] of Object.entries(turn.scores ?? {})) {
      await db.judgeScore.create({ data: { turnId, judgeId: Number(judgeId), overallScore, metrics: turn.metrics ?? undefined } });
    }
    for (const [i, level] of (turn.ratings ?? []).entries()) {
      await db.rating.create({ data: { turnId, annotator: `annotator-${i}`, level, source: "imported" } });
    }
  }
  return created.id;
}
