import { applyMigrations } from "@/lib/server/migrate";

/**
 * `concord bootstrap`: what `npm start` runs before serving — pending migrations, then
 * first-run setup of an empty database.
 */
export async function run(args: string[]): Promise<number> {
  if (args.includes("--help")) {
    process.stdout.write("usage: concord bootstrap\n\nApplies migrations and prepares an empty database (run by npm start).\n");
    return 0;
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write("concord bootstrap: DATABASE_URL is not set\n");
    return 1;
  }
  const applied = await applyMigrations(url, { log: (line) => process.stdout.write(`[concord] ${line}\n`) });
  if (applied.length === 0) process.stdout.write("[concord] Database schema is up to date.\n");
  return 0;
}
