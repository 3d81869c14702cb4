import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Applies Prisma Migrate's SQL migrations (prisma/migrations/<timestamp>_<name>/migration.sql)
 * without Prisma's native schema engine, which cannot be downloaded here. The bookkeeping
 * table `_prisma_migrations` is kept exactly as Prisma keeps it (checksum = hex SHA-256 of
 * the file, started_at/finished_at/applied_steps_count), so `prisma migrate deploy` and
 * `prisma migrate status` elsewhere agree with it. Prisma's advisory lock key is used, so two
 * starting servers (or Prisma itself) never migrate at the same time.
 *
 * One difference, on the safe side: each migration and its bookkeeping row commit in one
 * transaction, so a failing migration leaves nothing behind and can simply be retried.
 */

const PRISMA_ADVISORY_LOCK = 72707369;

export const MIGRATIONS_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");

export type MigrationFile = { name: string; checksum: string; sql: string };

export type MigrationStatus = {
  applied: string[];
  pending: string[];
  /** Applied migrations whose file changed since (checksum differs). */
  modified: string[];
  /** Rows Prisma itself left unfinished (started, never finished, not rolled back). */
  failed: string[];
};

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export function readMigrationFiles(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"));
      return { name, checksum: createHash("sha256").update(bytes).digest("hex"), sql: bytes.toString("utf8") };
    });
}

type MigrationRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

async function readAppliedRows(client: pg.ClientBase): Promise<MigrationRow[] | null> {
  const { rows } = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists",
  );
  if (!rows[0].exists) return null;
  const result = await client.query<MigrationRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`,
  );
  return result.rows;
}

export function compareMigrations(files: MigrationFile[], rows: MigrationRow[]): MigrationStatus {
  const live = rows.filter((row) => row.rolled_back_at === null);
  const finished = new Map(live.filter((row) => row.finished_at !== null).map((row) => [row.migration_name, row]));
  return {
    applied: files.filter((file) => finished.has(file.name)).map((file) => file.name),
    pending: files.filter((file) => !finished.has(file.name)).map((file) => file.name),
    modified: files
      .filter((file) => finished.has(file.name) && finished.get(file.name)!.checksum !== file.checksum)
      .map((file) => file.name),
    failed: live.filter((row) => row.finished_at === null).map((row) => row.migration_name),
  };
}

/** Reads the migration state without changing anything (used by /api/health). */
export async function getMigrationStatus(client: pg.ClientBase, dir?: string): Promise<MigrationStatus> {
  return compareMigrations(readMigrationFiles(dir), (await readAppliedRows(client)) ?? []);
}

export class MigrationError extends Error {
  constructor(message: string, readonly migration?: string) {
    super(message);
    this.name = "MigrationError";
  }
}

/** Applies every pending migration in name order; returns the names applied. */
export async function applyMigrations(
  databaseUrl: string,
  { dir, log = () => {} }: { dir?: string; log?: (line: string) => void } = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    try {
      await client.query(CREATE_TABLE);
      const status = compareMigrations(readMigrationFiles(dir), (await readAppliedRows(client)) ?? []);
      if (status.failed.length > 0) {
        throw new MigrationError(
          `migration ${status.failed[0]} failed earlier and is marked unfinished in _prisma_migrations; ` +
            `fix it, then run \`prisma migrate resolve --rolled-back ${status.failed[0]}\``,
          status.failed[0],
        );
      }
      for (const name of status.modified) log(`warning: migration ${name} was changed after it was applied`);
      const files = new Map(readMigrationFiles(dir).map((file) => [file.name, file]));
      for (const name of status.pending) await applyOne(client, files.get(name)!, log);
      return status.pending;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]);
    }
  } finally {
    await client.end();
  }
}

async function applyOne(client: pg.Client, file: MigrationFile, log: (line: string) => void): Promise<void> {
  const id = randomUUID();
  await client.query("BEGIN");
  try {
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), 0)`,
      [id, file.checksum, file.name],
    );
    await client.query(file.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
    log(`applied migration ${file.name}`);
  } catch (error) {
    await client.query("ROLLBACK");
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration ${file.name} failed and was rolled back: ${reason}`, file.name);
  }
}
