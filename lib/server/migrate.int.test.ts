import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "@/scripts/test/test-database";
import { applyMigrations, getMigrationStatus, MigrationError, readMigrationFiles } from "./migrate";

const drops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (drops.length > 0) await drops.pop()!();
});

async function scratch(): Promise<string> {
  const db = await createScratchDatabase(inject("databaseUrl"));
  drops.push(db.drop);
  return db.url;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "concord-migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

describe("applyMigrations", () => {
  it("applies every migration to an empty database and records them as Prisma does", async () => {
    const url = await scratch();
    const files = readMigrationFiles();
    expect(files.map((file) => file.name)).toContain("20261122000000_init");

    const applied = await applyMigrations(url);

    expect(applied).toEqual(files.map((file) => file.name));
    const rows = await query<{ migration_name: string; checksum: string; applied_steps_count: number; done: boolean }>(
      url,
      `SELECT migration_name, checksum, applied_steps_count, finished_at IS NOT NULL AND finished_at >= started_at AS done
       FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(rows).toEqual(files.map((file) => ({ migration_name: file.name, checksum: file.checksum, applied_steps_count: 1, done: true })));
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it("applies nothing on a second run", async () => {
    const url = await scratch();
    await applyMigrations(url);

    expect(await applyMigrations(url)).toEqual([]);
    const [{ count }] = await query<{ count: string }>(url, "SELECT count(*) FROM _prisma_migrations");
    expect(Number(count)).toBe(readMigrationFiles().length);
  });

  it("creates the tables of the whole specification", async () => {
    const url = await scratch();
    await applyMigrations(url);

    const rows = await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    expect(rows.map((row) => row.tablename)).toEqual(
      expect.arrayContaining([
        "users", "auth_sessions", "api_keys", "imports", "eval_sessions", "turns", "judges", "judge_scores",
        "threshold_versions", "rubrics", "rubric_versions", "ratings", "rating_leases", "gold_items",
        "adjudications", "settings", "judge_endpoints", "jobs", "pairwise_comparisons",
      ]),
    );
  });

  it("lets two concurrent runs apply each migration exactly once", async () => {
    const url = await scratch();

    const [first, second] = await Promise.all([applyMigrations(url), applyMigrations(url)]);

    expect([...first, ...second].sort()).toEqual(readMigrationFiles().map((file) => file.name));
    const [{ count }] = await query<{ count: string }>(url, "SELECT count(*) FROM _prisma_migrations");
    expect(Number(count)).toBe(readMigrationFiles().length);
  });

  it("rolls a failing migration back entirely and names it", async () => {
    const url = await scratch();
    const dir = migrationsDir({
      "001_good": "CREATE TABLE a (id int);",
      "002_bad": "CREATE TABLE b (id int);\nSELECT * FROM no_such_table;",
    });

    const failure = applyMigrations(url, { dir });

    await expect(failure).rejects.toThrow(MigrationError);
    await expect(applyMigrations(url, { dir })).rejects.toThrow(/002_bad failed and was rolled back: .*no_such_table/);
    const tables = await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    expect(tables.map((row) => row.tablename)).toEqual(["_prisma_migrations", "a"]);
    const status = await query<{ migration_name: string }>(url, "SELECT migration_name FROM _prisma_migrations");
    expect(status.map((row) => row.migration_name)).toEqual(["001_good"]);
  });

  it("reports pending and modified migrations without changing anything", async () => {
    const url = await scratch();
    const dir = migrationsDir({ "001_one": "CREATE TABLE one (id int);" });
    await applyMigrations(url, { dir });
    writeFileSync(path.join(dir, "001_one", "migration.sql"), "CREATE TABLE one (id bigint);");
    mkdirSync(path.join(dir, "002_two"));
    writeFileSync(path.join(dir, "002_two", "migration.sql"), "CREATE TABLE two (id int);");

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const status = await getMigrationStatus(client, dir);
    await client.end();

    expect(status).toEqual({ applied: ["001_one"], pending: ["002_two"], modified: ["001_one"], failed: [] });
  });
});
