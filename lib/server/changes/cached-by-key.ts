import "server-only";
import { changeGeneration } from "./change-listener";

/**
 * In-process cache of values read from the database, per database URL and key, kept until
 * one of `tables` changes (a NOTIFY, see change-listener.ts) or `ttlMs` passes, whichever
 * comes first: the TTL bounds how stale a value can be when a notification is missed.
 * After `refreshAfterMs` a read still gets the cached value but starts a reload in the
 * background, so a steady stream of requests never waits for the database.
 * A load that returns null is not kept (an unknown API key may be created a moment later).
 */
export type CacheOptions = { tables: readonly string[]; ttlMs: number; refreshAfterMs: number; maxEntries?: number };

type Entry<V> = { value: V; loadedAt: number; generation: number };
type Load<V> = { generation: number; promise: Promise<V | null> };
type Store<K, V> = { entries: Map<K, Entry<V>>; loading: Map<K, Load<V>> };

export type CachedByKey<K, V> = {
  get(url: string, key: K): Promise<V | null>;
  /** Drops every entry of a database. */
  clear(url: string): void;
};

export function cachedByKey<K, V>(
  options: CacheOptions,
  load: (key: K) => Promise<V | null>,
  /** Where change generations come from: the LISTEN connection, or a test's own counter. */
  generationOf: (url: string, tables: readonly string[]) => number = changeGeneration,
): CachedByKey<K, V> {
  const stores = new Map<string, Store<K, V>>();

  /** One load per key and generation at a time; its result is kept only if nothing changed meanwhile. */
  const reload = (store: Store<K, V>, generation: number, key: K): Promise<V | null> => {
    const running = store.loading.get(key);
    if (running && running.generation === generation) return running.promise;
    const startedAt = Date.now();
    const promise = load(key).finally(() => {
      if (store.loading.get(key)?.promise === promise) store.loading.delete(key);
    });
    store.loading.set(key, { generation, promise });
    return promise.then((value) => {
      if (value === null) store.entries.delete(key);
      else {
        if (!store.entries.has(key) && store.entries.size >= (options.maxEntries ?? Infinity)) store.entries.clear();
        const current = store.entries.get(key);
        if (!current || current.loadedAt <= startedAt) store.entries.set(key, { value, loadedAt: startedAt, generation });
      }
      return value;
    });
  };

  return {
    get(url, key) {
      let store = stores.get(url);
      if (!store) stores.set(url, (store = { entries: new Map(), loading: new Map() }));
      const generation = generationOf(url, options.tables);
      const entry = store.entries.get(key);
      if (entry && entry.generation === generation) {
        const age = Date.now() - entry.loadedAt;
        if (age < options.ttlMs) {
          if (age >= options.refreshAfterMs && !store.loading.has(key)) {
            reload(store, generation, key).catch((error: unknown) => console.warn(`[concord] cache refresh failed: ${(error as Error).message}`));
          }
          return Promise.resolve(entry.value);
        }
      }
      return reload(store, generation, key);
    },
    clear(url) {
      stores.delete(url);
    },
  };
}
