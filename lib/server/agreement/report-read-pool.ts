import "server-only";
import pg from "pg";
import { databaseUrl } from "@/lib/server/db";

// The agreement report's reads by COPY (find-agreement-data.ts) go through a small pool of
// their own, whose connections never sort (enable_sort = off from the start): the packed
// units come in turn order off the primary key, as a sort of them would spill to disk at
// 100,000s of units, and no read pays a SET and a RESET round trip. Two connections per cold
// report (the scores and the units at once). One pool per database URL, as scorePool.
const globalForPools = globalThis as unknown as { concordReportReadPools?: Map<string, pg.Pool> };

export function reportReadPool(): pg.Pool {
  const url = databaseUrl();
  globalForPools.concordReportReadPools ??= new Map();
  let pool = globalForPools.concordReportReadPools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 4, allowExitOnIdle: true, options: "-c enable_sort=off" });
    // An idle connection the server closed is dropped and replaced on the next read.
    pool.on("error", (error) => console.warn(`[concord] report read pool: idle connection closed (${error.message})`));
    globalForPools.concordReportReadPools.set(url, pool);
  }
  return pool;
}
