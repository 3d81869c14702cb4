import "server-only";
// Inputs for the import tests: logs built from objects, unique session ids, row counts.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { LogInput } from "@/lib/ingest/log-input";
import { bytesSource } from "@/lib/ingest/read-lines";
import { getDb } from "@/lib/server/db";

export function uniqueId(prefix = "test"): string {
  return `${prefix}-${randomUUID()}`;
}

export function ndjson(lines: readonly (object | string)[]): LogInput {
  const text = lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n") + "\n";
  return { kind: "ndjson", source: bytesSource(new TextEncoder().encode(text), 64) };
}

export function seedExample(): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL("../../ingest/fixtures/seed-002-example.json", import.meta.url), "utf8"));
}

export function seedSummary(): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL("../../ingest/fixtures/seed-002-summary.json", import.meta.url), "utf8"));
}

/** A turn without metrics, to be scored by the heuristic judge. */
export function turn(sessionId: string | null, personaId: string, response: string, extra: Record<string, unknown> = {}) {
  const roles: Record<string, [string, string]> = {
    thesis: ["Dialectic Thesis", "Seed explorer"],
    antithesis: ["Boundary Challenger", "Critical reflector"],
    synthesis: ["Fractal Synthesiser", "Integrator"],
  };
  const [name, role] = roles[personaId] ?? ["Other", "Other"];
  return {
    ...(sessionId === null ? {} : { session_id: sessionId }),
    timestamp: "2025-10-12T10:30:45.123Z",
    depth_index: 1,
    step_index: 0,
    persona: { id: personaId, name, role, backend: { backend_id: "local_ollama", type: "subprocess" } },
    prompt_digest: "System instruction",
    response,
    phase: { name: personaId },
    state_after: { affect_amplitude: 0.5 },
    ...extra,
  };
}

export async function countTurns(externalId: string): Promise<number> {
  return getDb().turn.count({ where: { session: { externalId } } });
}

/** The error a promise rejects with, checked to be of the given class. */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof type)) throw new Error(`expected a ${type.name}, got ${String(outcome)}`);
  return outcome;
}
