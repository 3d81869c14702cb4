import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/prisma/generated/client";

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
    client = new PrismaClient({
      adapter: new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) }),
    });
    globalForDb.concordDb.set(url, client);
  }
  return client;
}
