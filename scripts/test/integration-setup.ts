import { inject } from "vitest";

// Every integration test file sees its worker's database (scripts/test/global-db.ts) as
// DATABASE_URL, so server modules (lib/server/db.ts) connect to it exactly as they do in the app.
const workerDatabases = inject("workerDatabaseUrls");
const worker = Number(process.env.VITEST_POOL_ID ?? 1);
const url = workerDatabases[worker - 1];
if (!url) throw new Error(`no test database for worker ${worker} (VITEST_POOL_ID): ${workerDatabases.length} were made`);
process.env.DATABASE_URL = url;
