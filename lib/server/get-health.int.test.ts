import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { getHealth } from "./get-health";
import { readMigrationFiles } from "./migrate";

const originalUrl = process.env.DATABASE_URL;
afterEach(() => {
  process.env.DATABASE_URL = originalUrl;
});

describe("getHealth", () => {
  it("is ok when the database answers and every migration is applied", async () => {
    process.env.DATABASE_URL = inject("databaseUrl");

    const health = await getHealth();

    expect(health).toEqual({
      status: "ok",
      db: "up",
      latencyMs: expect.any(Number),
      migrations: { applied: readMigrationFiles().length, pending: [], failed: [] },
    });
  });

  it("is unavailable with {db: down} and nothing internal (no error, address or port) when the database cannot be reached", async () => {
    process.env.DATABASE_URL = "postgresql://nobody:wrong@127.0.0.1:1/none";
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});

    const health = await getHealth();

    expect(health).toEqual({ status: "unavailable", db: "down" });
    expect(logged.mock.calls.flat().join(" ")).toMatch(/ECONNREFUSED/); // the reason goes to the server's log
    logged.mockRestore();
  });
});
