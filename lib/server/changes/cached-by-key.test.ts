import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedByKey } from "./cached-by-key";

// The database is a variable here and the change notifications a counter, so the cache's own
// rules are tested alone: kept until a change or the TTL, refreshed in the background after
// refreshAfterMs, never serving a value older than the TTL when a notification is missed.
const URL = "postgresql://test/cache";
let stored: string | null;
let loads: number;
let generation: number;

function makeCache() {
  return cachedByKey<string, string>(
    { tables: ["t"], ttlMs: 5000, refreshAfterMs: 2500, maxEntries: 2 },
    async (key) => {
      loads++;
      return stored === null ? null : `${key}:${stored}`;
    },
    () => generation,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(0);
  stored = "a";
  loads = 0;
  generation = 0;
});
afterEach(() => vi.useRealTimers());

describe("cachedByKey", () => {
  it("reads the database once while nothing changes and the value is fresh", async () => {
    const cache = makeCache();

    expect(await cache.get(URL, "k")).toBe("k:a");
    stored = "b";
    vi.setSystemTime(2000);
    expect(await cache.get(URL, "k")).toBe("k:a");
    expect(loads).toBe(1);
  });

  it("reloads at once when a change is announced", async () => {
    const cache = makeCache();
    await cache.get(URL, "k");
    stored = "b";

    generation++;

    expect(await cache.get(URL, "k")).toBe("k:b");
    expect(loads).toBe(2);
  });

  it("after refreshAfterMs answers from memory and reloads in the background", async () => {
    const cache = makeCache();
    await cache.get(URL, "k");
    stored = "b";
    vi.setSystemTime(3000);

    expect(await cache.get(URL, "k")).toBe("k:a");
    await new Promise((resolve) => setTimeout(resolve, 0)); // the background reload settles
    expect(loads).toBe(2);
    expect(await cache.get(URL, "k")).toBe("k:b");
  });

  it("never answers with a value older than the TTL, even when no change was announced", async () => {
    const cache = makeCache();
    await cache.get(URL, "k");
    stored = "b";

    vi.setSystemTime(5000);

    expect(await cache.get(URL, "k")).toBe("k:b");
  });

  it("keeps no null (an unknown key may exist a moment later) and reads one load for simultaneous misses", async () => {
    const cache = makeCache();
    stored = null;
    expect(await cache.get(URL, "k")).toBeNull();
    stored = "a";

    const both = await Promise.all([cache.get(URL, "k"), cache.get(URL, "k")]);

    expect(both).toEqual(["k:a", "k:a"]);
    expect(loads).toBe(2);
  });

  it("keeps at most maxEntries keys, and databases apart", async () => {
    const cache = makeCache();
    await cache.get(URL, "k1");
    await cache.get(URL, "k2");
    await cache.get(URL, "k3");
    await cache.get("postgresql://test/other", "k3");
    loads = 0;

    await cache.get(URL, "k3");
    await cache.get(URL, "k1");

    expect(loads).toBe(1);
  });
});
