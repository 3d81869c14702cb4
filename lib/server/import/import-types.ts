import "server-only";
import type pg from "pg";

/** Who imports, and through which door; kept on the imports row. */
export type ImportActor = {
  source: "cli" | "web" | "api" | "demo";
  userId?: number | null;
  apiKeyId?: number | null;
};

/** The connection an import's transaction runs on (see with-import-transaction.ts). */
export type Tx = pg.ClientBase;
