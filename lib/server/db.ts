import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/prisma/generated/client";
import { reportDatabaseError } from "./database-state";

// One Prisma client per database URL per process, created on first use: built at import
// time it would break `next build`, which runs without a DATABASE_URL. Kept on globalThis
// so that development reloads do not open a new pool each time. (Keyed by URL so a test
// can point DATABASE_URL at a scratch database of its own.)
const globalForDb = globalThis as unknown as { concordDb?: Map<string, PrismaClient> };

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start Concord with `npm start`, or set it");
  return url;
}

export function getDb(): PrismaClient {
  const url = databaseUrl();
  globalForDb.concordDb ??= new Map();
  let client = globalForDb.concordDb.get(url);
  if (!client) {
    client = createClient(url);
    globalForDb.concordDb.set(url, client);
  }
  return client;
}

/**
 * Connection failures (a query that cannot reach the server, an idle connection the server
 * closed) are reported to database-state, which is how the server knows to answer 503
 * "database unavailable" until the database is back; the error itself propagates unchanged.
 * pg's pool replaces dead connections by itself, so the client recovers with the database.
 */
function createClient(url: string): PrismaClient {
  const adapter = new PrismaPg(
    { connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10), connectionTimeoutMillis: 5000 },
    { onPoolError: reportDatabaseError, onConnectionError: reportDatabaseError },
  );
  const extended = new PrismaClient({ adapter }).$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          return await query(args);
        } catch (error) {
          reportDatabaseError(error);
          throw error;
        }
      },
    },
  });
  // The extension adds no methods and changes no types, only observes errors.
  return extended as unknown as PrismaClient;
}
