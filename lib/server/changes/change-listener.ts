import "server-only";
import pg from "pg";

/**
 * Hears what other servers (and the CLI, and psql) change: a trigger on threshold_versions,
 * settings and api_keys sends `NOTIFY concord_changes, '<table>'` on every write (migration
 * 20261127062121_api_key_score_scope). One LISTEN connection per process and database, opened
 * on first use and reopened after a failure; while it is down, the caches built on it fall
 * back to their short TTL alone.
 *
 * Readers compare generations: changeGeneration(url, tables) moves whenever one of the tables
 * is announced, whenever the connection is (re)established (a notification may have been
 * missed meanwhile), and whenever this process says it changed something itself (noteChange).
 */
export const CHANGES_CHANNEL = "concord_changes";

type ListenerState = {
  client: pg.Client | null;
  isConnecting: boolean;
  isStopped: boolean;
  retryDelayMs: number;
  /** Bumped on every (re)connection: everything read before may be stale. */
  epoch: number;
  counts: Map<string, number>;
};

const globalForChanges = globalThis as unknown as { concordChangeListeners?: Map<string, ListenerState> };

function listeners(): Map<string, ListenerState> {
  globalForChanges.concordChangeListeners ??= new Map();
  return globalForChanges.concordChangeListeners;
}

function stateOf(url: string): ListenerState {
  let state = listeners().get(url);
  if (!state) {
    state = { client: null, isConnecting: false, isStopped: false, retryDelayMs: 1000, epoch: 0, counts: new Map() };
    listeners().set(url, state);
  }
  return state;
}

/** A number that changes whenever any of `tables` may have changed; starts listening if needed. */
export function changeGeneration(url: string, tables: readonly string[]): number {
  const state = stateOf(url);
  if (!state.client && !state.isConnecting && !state.isStopped) void connect(url, state);
  let generation = state.epoch;
  for (const table of tables) generation += state.counts.get(table) ?? 0;
  return generation;
}

/** This process changed `table`: its own caches need not wait for the notification. */
export function noteChange(url: string, table: string): void {
  const state = stateOf(url);
  state.counts.set(table, (state.counts.get(table) ?? 0) + 1);
}

/** True while notifications arrive (for tests and the health of the caches). */
export function isListening(url: string): boolean {
  return listeners().get(url)?.client != null;
}

async function connect(url: string, state: ListenerState): Promise<void> {
  state.isConnecting = true;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on("notification", (message) => {
    if (message.channel === CHANGES_CHANNEL && message.payload) {
      state.counts.set(message.payload, (state.counts.get(message.payload) ?? 0) + 1);
    }
  });
  const lost = (error?: Error) => {
    if (state.client !== client) return;
    state.client = null;
    state.epoch++;
    client.end().catch(() => {});
    if (!state.isStopped) {
      console.warn(`[concord] change listener: connection lost${error ? ` (${error.message})` : ""}; caches rely on their TTL until it is back`);
      scheduleReconnect(url, state);
    }
  };
  // Attached before connecting: an error event with no listener would end the process.
  client.on("error", lost);
  client.on("end", () => lost());
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    // The socket must not keep a command-line process alive on its own.
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
  } catch (error) {
    client.end().catch(() => {});
    state.isConnecting = false;
    if (!state.isStopped) {
      console.warn(`[concord] change listener: cannot listen (${(error as Error).message}); caches rely on their TTL, retrying in ${state.retryDelayMs / 1000} s`);
      scheduleReconnect(url, state);
    }
    return;
  }
  state.isConnecting = false;
  if (state.isStopped) {
    await client.end().catch(() => {});
    return;
  }
  state.client = client;
  state.retryDelayMs = 1000;
  state.epoch++;
}

function scheduleReconnect(url: string, state: ListenerState): void {
  const delay = state.retryDelayMs;
  state.retryDelayMs = Math.min(delay * 2, 30_000);
  state.isConnecting = true;
  setTimeout(() => {
    state.isConnecting = false;
    if (!state.isStopped && !state.client) void connect(url, state);
  }, delay).unref();
}

/** Closes the listener of a database (tests, before they drop a scratch database). */
export async function stopChangeListener(url: string): Promise<void> {
  const state = listeners().get(url);
  if (!state) return;
  state.isStopped = true;
  listeners().delete(url);
  const client = state.client;
  state.client = null;
  await client?.end().catch(() => {});
}
