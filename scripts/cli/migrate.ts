import { applyMigrations } from "@/lib/server/migrate";

/** `concord migrate`: applies pending migrations to DATABASE_URL and exits. */
export async function run(args: string[]): Promise<number> {
  if (args.includes("--help")) {
    process.stdout.write("usage: concord migrate\n\nApplies pending migrations to the database at DATABASE_URL.\n");
    return 0;
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write("concord migrate: DATABASE_URL is not set\n");
    return 1;
  }
  const applied = await applyMigrations(url, { log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(applied.length === 0 ? "Database is up to date.\n" : `Applied ${applied.length} migration(s).\n`);
  return 0;
}
