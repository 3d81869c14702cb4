import { describe, expect, it } from "vitest";
import { LruCache } from "./lru-cache";

describe("LruCache", () => {
  it("drops the least recently used entry beyond its capacity", () => {
    const cache = new LruCache<number>(2, 1000);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the most recent
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });

  it("forgets entries older than its age limit", () => {
    let now = 0;
    const cache = new LruCache<string>(4, 100, () => now);
    cache.set("k", "v");
    now = 100;
    expect(cache.get("k")).toBe("v");
    now = 201;
    expect(cache.get("k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
