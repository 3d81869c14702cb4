import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Creates an empty database on the test server (for tests that need a database of their
 * own, e.g. migrating from empty) and returns its URL and a drop function.
 */
export async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `scratch_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
