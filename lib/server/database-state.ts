import "server-only";

/**
 * Whether this process last found the database unreachable. The object lives on globalThis
 * under a registered symbol because scripts/start.mjs, which serves Next.js in this same
 * process, reads it too: it answers "database unavailable" itself while `isDown`, probes
 * until the database answers again, then clears it. `failures` counts reports, so start.mjs
 * can tell that a request failed on the database while it ran.
 */
export type DatabaseState = { isDown: boolean; failures: number };

const KEY = Symbol.for("concord.database-state");

export function databaseState(): DatabaseState {
  const holder = globalThis as unknown as Record<symbol, DatabaseState | undefined>;
  holder[KEY] ??= { isDown: false, failures: 0 };
  return holder[KEY];
}

// Connection-level failures, as pg, the Prisma pg adapter and Prisma report them: the
// server is gone, refusing, restarting or shutting down (SQLSTATE class 08 and 57P01–57P03).
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EPIPE", "EAI_AGAIN"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017"]);
const SQLSTATE = /^(08...|57P0[123])$/;
const MESSAGES = /Connection terminated|connection timeout|timeout expired|Can't reach database server|Client has encountered a connection error/i;

/** True when an error says the database cannot be reached (not that a query was wrong). */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const item = queue.shift();
    if (typeof item !== "object" || item === null || seen.has(item)) continue;
    seen.add(item);
    const { code, kind, message, cause, meta, errors } = item as Record<string, unknown>;
    if (typeof code === "string" && (SOCKET_CODES.has(code) || PRISMA_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof kind === "string" && (ADAPTER_KINDS.has(kind) || (kind === "postgres" && typeof code === "string" && SQLSTATE.test(code)))) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    queue.push(cause, (meta as Record<string, unknown> | undefined)?.driverAdapterError, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}

/** Records a failure when it is a connection failure; says so in the log once per outage. */
export function reportDatabaseError(error: unknown): void {
  if (!isDatabaseUnreachable(error)) return;
  const state = databaseState();
  state.failures++;
  if (!state.isDown) {
    state.isDown = true;
    const reason = error instanceof Error ? error.message.trim().split("\n").at(-1) : String(error);
    console.error(`[concord] the database is unreachable (${reason}); pages answer 503 until it is back`);
  }
}

export function reportDatabaseUp(): void {
  databaseState().isDown = false;
}
