import "server-only";
import { createHash } from "node:crypto";
import type { SessionOutcome } from "@/lib/ingest/import-result";
import type { SessionKind } from "@/prisma/generated/client";
import { ImportConflictError } from "./import-errors";
import type { ImportActor, Tx } from "./import-types";
import { lockSessionIds } from "./lock-session-ids";

export type SessionClaim = {
  externalId: string;
  contentHash: string;
  seedPrompt: string | null;
  meta: Record<string, unknown> | null;
  importedSummary: unknown;
  startedAt: string | null;
  endedAt: string | null;
  turnCount: number;
};

export type ClaimedSession = { externalId: string; id: number; status: SessionOutcome; turnCount: number };

export type ClaimResult = { importId: number | null; sessions: ClaimedSession[] };

type StoredSession = { id: number; external_id: string; content_hash: string };

/**
 * Decides, under the sessions' advisory locks, what an import writes: a session stored with
 * the same content is left alone ("already imported"); one stored with other content is a
 * conflict, or with `replace` keeps its row (and id) and loses its turns, scores and ratings;
 * the others are created. Creates the imports row when anything is written. Claims come
 * back in order, with their session ids.
 */
export async function claimSessions(
  tx: Tx,
  claims: readonly SessionClaim[],
  options: { kind: SessionKind; replace: boolean; actor: ImportActor; fileName: string | null },
): Promise<ClaimResult> {
  const externalIds = claims.map((claim) => claim.externalId);
  await lockSessionIds(tx, externalIds);
  // The session aggregates' triggers need no lock of their own for sessions held this way
  // (migration "session_aggregates_serialized"); a large import would overflow the lock table.
  await tx.query("SET LOCAL concord.sessions_claimed = 'on'");
  const { rows } = await tx.query<StoredSession>(
    "SELECT id, external_id, content_hash FROM eval_sessions WHERE external_id = ANY($1::text[])",
    [externalIds],
  );
  const stored = new Map(rows.map((row) => [row.external_id, row]));
  const changed = claims.filter((claim) => stored.has(claim.externalId) && stored.get(claim.externalId)!.content_hash !== claim.contentHash);
  if (changed.length > 0 && !options.replace) {
    throw new ImportConflictError(changed.map((claim) => ({ id: stored.get(claim.externalId)!.id, externalId: claim.externalId })));
  }
  const statusOf = (claim: SessionClaim): SessionOutcome => {
    const row = stored.get(claim.externalId);
    return row === undefined ? "created" : row.content_hash === claim.contentHash ? "unchanged" : "replaced";
  };
  if (claims.every((claim) => statusOf(claim) === "unchanged")) {
    return { importId: null, sessions: claims.map((claim) => ({ externalId: claim.externalId, id: stored.get(claim.externalId)!.id, status: "unchanged", turnCount: claim.turnCount })) };
  }

  const written = claims.filter((claim) => statusOf(claim) !== "unchanged");
  const importId = await createImport(tx, claims, written, options);
  if (changed.length > 0) {
    await tx.query("DELETE FROM turns WHERE session_id = ANY($1::int[])", [changed.map((claim) => stored.get(claim.externalId)!.id)]);
  }
  const ids = await writeSessions(tx, written, options.kind, importId);
  return {
    importId,
    sessions: claims.map((claim) => ({ externalId: claim.externalId, id: ids.get(claim.externalId) ?? stored.get(claim.externalId)!.id, status: statusOf(claim), turnCount: claim.turnCount })),
  };
}

async function createImport(
  tx: Tx,
  claims: readonly SessionClaim[],
  written: readonly SessionClaim[],
  options: { kind: SessionKind; actor: ImportActor; fileName: string | null },
): Promise<number> {
  const fileHash = createHash("sha256");
  for (const claim of claims) fileHash.update(`${claim.externalId}\n${claim.contentHash}\n`);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO imports (source, file_name, format, content_hash, session_count, turn_count, user_id, api_key_id)
     VALUES ($1::import_source, $2, $3::session_kind, $4, $5, $6, $7, $8) RETURNING id`,
    [
      options.actor.source,
      options.fileName,
      options.kind,
      fileHash.digest("hex"),
      written.length,
      written.reduce((n, claim) => n + claim.turnCount, 0),
      options.actor.userId ?? null,
      options.actor.apiKeyId ?? null,
    ],
  );
  return rows[0].id;
}

// New sessions are inserted and replaced ones updated in place (keeping their id), a
// thousand per statement: a file may hold thousands of sessions.
const UPSERT_SESSIONS = `
INSERT INTO eval_sessions AS s (external_id, content_hash, kind, seed_prompt, import_id, started_at, ended_at, turn_count, meta, imported_summary)
SELECT external_id, content_hash, $2::session_kind, seed_prompt, $3, started_at, ended_at, turn_count,
  NULLIF(meta, 'null'::jsonb), NULLIF(imported_summary, 'null'::jsonb)
FROM jsonb_to_recordset($1::jsonb) AS x(external_id text, content_hash text, seed_prompt text, started_at timestamptz,
  ended_at timestamptz, turn_count int, meta jsonb, imported_summary jsonb)
ON CONFLICT (external_id) DO UPDATE SET content_hash = EXCLUDED.content_hash, kind = EXCLUDED.kind,
  seed_prompt = EXCLUDED.seed_prompt, import_id = EXCLUDED.import_id, started_at = EXCLUDED.started_at,
  ended_at = EXCLUDED.ended_at, turn_count = EXCLUDED.turn_count, meta = EXCLUDED.meta,
  imported_summary = EXCLUDED.imported_summary, updated_at = now()
RETURNING id, external_id`;

async function writeSessions(tx: Tx, claims: readonly SessionClaim[], kind: SessionKind, importId: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let at = 0; at < claims.length; at += 1000) {
    const rows = claims.slice(at, at + 1000).map((claim) => ({
      external_id: claim.externalId,
      content_hash: claim.contentHash,
      seed_prompt: claim.seedPrompt,
      started_at: claim.startedAt,
      ended_at: claim.endedAt,
      turn_count: claim.turnCount,
      meta: claim.meta,
      imported_summary: claim.importedSummary ?? null,
    }));
    const inserted = await tx.query<{ id: number; external_id: string }>(UPSERT_SESSIONS, [JSON.stringify(rows), kind, importId]);
    for (const row of inserted.rows) ids.set(row.external_id, row.id);
  }
  return ids;
}
