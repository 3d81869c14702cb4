#!/usr/bin/env node
// Writes the SQL for a schema change: `node scripts/new-migration.mjs <name>` diffs the
// committed prisma/schema.prisma (git HEAD) against the working copy and writes
// prisma/migrations/<timestamp>_<name>/migration.sql. Prisma 7's `migrate diff` needs a
// native engine that cannot be downloaded here, so this runs Prisma 6's JS engine from a
// scratch folder in /tmp (never as a dependency: it would take over node_modules/.bin/prisma)
// against a throwaway embedded PostgreSQL. Add CHECK constraints by hand after the SQL.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "./lib/embedded-db.mjs";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: node scripts/new-migration.mjs <snake_case_name>");
  process.exit(1);
}
const root = process.cwd();
// Prisma 6 is installed once in a shared folder; each run works in its own folder beside it,
// so that two runs at once (parallel worktrees) do not overwrite each other's schemas.
const shared = "/tmp/concord-prisma6";
const work = `/tmp/concord-prisma6-run-${process.pid}`;
mkdirSync(shared, { recursive: true, mode: 0o755 });
mkdirSync(work, { recursive: true, mode: 0o755 });

// Prisma 6 wants a datasource url and the old generator; Prisma 7 forbids the url.
const toPrisma6 = (schema) =>
  schema
    .replace(/provider\s*=\s*"postgresql"/, 'provider = "postgresql"\n  url = env("DATABASE_URL")')
    .replace(/provider\s*=\s*"prisma-client"/, 'provider = "prisma-client-js"')
    .replace(/^\s*(output|moduleFormat)\s*=.*$/gm, "");

let committed = "";
try {
  committed = execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
} catch {
  committed = "";
}
const current = (await import("node:fs")).readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
writeFileSync(path.join(work, "new.prisma"), toPrisma6(current));
if (committed) writeFileSync(path.join(work, "old.prisma"), toPrisma6(committed));

if (!existsSync(path.join(shared, "node_modules/prisma"))) {
  writeFileSync(path.join(shared, "package.json"), '{ "name": "concord-prisma6", "private": true, "type": "module" }\n');
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "prisma@6.19.3", "@prisma/adapter-pg@6.19.3", "pg@8"], { cwd: shared, stdio: "inherit" });
}
if (!existsSync(path.join(work, "node_modules"))) symlinkSync(path.join(shared, "node_modules"), path.join(work, "node_modules"));
writeFileSync(
  path.join(work, "prisma.config.ts"),
  `import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
export default defineConfig({
  schema: "new.prisma",
  engine: "js",
  experimental: { adapter: true },
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL, allowExitOnIdle: true }),
});
`,
);

const db = await startEmbeddedPostgres({ baseDir: path.join(work, "data"), database: "diff" });
try {
  const from = committed ? ["--from-schema-datamodel", "old.prisma"] : ["--from-empty"];
  const result = spawnSync(
    path.join(work, "node_modules/.bin/prisma"),
    ["migrate", "diff", ...from, "--to-schema-datamodel", "new.prisma", "--script"],
    {
      cwd: work,
      encoding: "utf8",
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        PRISMA_QUERY_ENGINE_LIBRARY: "/bin/true",
        PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: "1",
        CHECKPOINT_DISABLE: "1",
      },
    },
  );
  if (result.status !== 0) {
    console.error(result.stderr);
    process.exitCode = 1;
  } else if (/^-- This is an empty migration\.?\s*$/m.test(result.stdout) || result.stdout.trim() === "") {
    console.log("The schema did not change: no migration written.");
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(root, "prisma/migrations", `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), result.stdout);
    console.log(`wrote ${path.relative(root, dir)}/migration.sql`);
  }
} finally {
  await db.stop();
}
