import { afterEach, describe, expect, inject, it } from "vitest";
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

    expect(health.status).toBe("ok");
    expect(health.database.reachable).toBe(true);
    expect(health.migrations?.pending).toEqual([]);
    expect(health.migrations?.failed).toEqual([]);
    expect(health.migrations?.applied).toBe(readMigrationFiles().length);
  });

  it("is unavailable, with the reason, when the database cannot be reached", async () => {
    process.env.DATABASE_URL = "postgresql://nobody:wrong@127.0.0.1:1/none";

    const health = await getHealth();

    expect(health.status).toBe("unavailable");
    expect(health.database.reachable).toBe(false);
    expect(health.database.error).toMatch(/ECONNREFUSED/);
    expect(health.migrations).toBeNull();
  });
});
